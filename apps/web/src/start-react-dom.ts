/** Imported first by main.tsx: React DOM's chunk is asked for before the rest of the entry runs (react-dom-client.ts). */
export const reactDomClient = import('./react-dom-client');
