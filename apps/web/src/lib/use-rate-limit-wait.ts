import { useEffect, useState, useSyncExternalStore } from 'react';
import { rateLimitWaitUntil, subscribeRateLimitWait } from './rate-limit-wait';

/** Issue #22: the whole seconds left before the web app asks the shop again after a 429; null when it is not waiting. */
export function useRateLimitWait(): number | null {
  const until = useSyncExternalStore(subscribeRateLimitWait, rateLimitWaitUntil, () => 0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [until]);
  if (!until) return null;
  return Math.max(1, Math.ceil((until - now) / 1000));
}
