/** Calls that never get an answer (spec §9: network time-out 30 s, 60 s on mobile). */
export const networkCopy = {
  timeout: 'The shop took too long to answer. Check your connection and try again.',
  unreachable: 'Cannot reach the shop right now. Check your connection and try again.',
  // Issue #22: the shop answered 429 (too many requests) and named its wait in Retry-After.
  tooManyRequests: (seconds: number) => `Too many requests: trying again in ${seconds} s`,
  /** The plain page a browser gets when it opened too many pages too fast. */
  pageTooManyTitle: 'Too many requests',
  pageTooManyText: (seconds: number) => `You opened pages faster than this shop allows. Please wait ${seconds} seconds, then reload this page.`,
  pageTooManyReload: 'Reload',
} as const;
