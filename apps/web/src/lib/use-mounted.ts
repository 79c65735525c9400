import { useEffect, useState } from 'react';

/**
 * False on the server and in the render that hydrates, true from the next one: for work that should wait until the
 * page is up (a request after the first paint, prefetching), without a hydration mismatch.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
