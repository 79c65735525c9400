import { startTransition, useEffect, useState } from 'react';

/**
 * False on the server and in the render that hydrates, true from the next one: for work that should wait until the
 * page is up (a request after the first paint, prefetching), without a hydration mismatch.
 * The next render is a transition: React renders it in slices between the browser's tasks instead of at once, the
 * one long task a phone's Total Blocking Time would count (issue #23).
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted;
}
