/** Types of find-browser.mjs, for the TypeScript Playwright config. */
export function findBrowser(): Promise<string | null>;
export function ensureBrowser(): Promise<string | null>;
