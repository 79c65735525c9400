import { config } from 'zod/v4/core';

/**
 * Zod 4 probes whether it may compile a fast object parser with `new Function`. The shop's Content-Security-Policy
 * (`script-src 'self'`, no 'unsafe-eval') blocks the probe: parsing still works, but every page that parsed a schema
 * reported a CSP violation, which Lighthouse counts against best practices ("inspector-issues"). Jitless skips the
 * probe and the compiled path. Imported first by main.tsx, so it is set before any schema is parsed.
 */
config({ jitless: true });
