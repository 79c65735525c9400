/**
 * React DOM's client, about half of the script every page runs, as a chunk of its own (loaded by start-react-dom.ts).
 * The browser then compiles and runs it in a task of its own instead of inside the one long task that ran the whole
 * entry: a phone's Total Blocking Time counts each task's time over 50 ms, so two halves block less than one whole
 * (decision 169). The server renderer lists this module with every page, so boot.js preloads it with the entry.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
