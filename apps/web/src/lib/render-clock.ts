import { useSyncExternalStore } from 'react';

/**
 * Decision 187: what a signed-in page shows of the clock and the time zone, alike on the server and in the browser's
 * first (hydrating) render, then the browser's own.
 *
 * - The time: the moment the server rendered the page (`setRenderedAt`, from the page's server state), so "Reserved
 *   for 12 min" is the same text in both renders even when a minute turns between them; then the browser's clock,
 *   read again every 30 s.
 * - The time zone: the server does not know the browser's, so both renders show times in UTC (and say so), then the
 *   browser shows them in its own.
 */
let renderedAt: number | null = null;

/** The server renderer, before each render; the browser, from the server state, before it hydrates. */
export function setRenderedAt(time: number | null) {
  renderedAt = time;
}

export const getRenderedAt = () => renderedAt;

const TICK_MS = 30_000;
let now = new Date();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function tick() {
  now = new Date();
  listeners.forEach((listener) => listener());
}

function subscribeClock(listener: () => void) {
  listeners.add(listener);
  if (!timer) timer = setInterval(tick, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

let renderedDate: Date | null = null;
function serverNow(): Date {
  if (renderedAt === null) return now;
  if (renderedDate?.getTime() !== renderedAt) renderedDate = new Date(renderedAt);
  return renderedDate;
}

/**
 * The clock as last read; read again when it is a second off (one Date for all the renders of one moment). Off
 * either way: a clock set back (by the device, or a test) must not leave the page at the earlier reading.
 */
function clientNow(): Date {
  if (Math.abs(Date.now() - now.getTime()) >= 1000) now = new Date();
  return now;
}

/** The current time, refreshed every 30 s; the render's moment on the server and while hydrating. */
export function useNow(): Date {
  return useSyncExternalStore(subscribeClock, clientNow, serverNow);
}

const noChange = () => () => undefined;

/** The time zone to show times in: UTC on the server and while hydrating, then the browser's own (undefined). */
export function useTimeZone(): 'UTC' | undefined {
  return useSyncExternalStore(
    noChange,
    () => undefined,
    () => 'UTC',
  );
}
