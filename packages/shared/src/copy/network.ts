/** Calls that never get an answer (spec §9: network time-out 30 s, 60 s on mobile). */
export const networkCopy = {
  timeout: 'The shop took too long to answer. Check your connection and try again.',
  unreachable: 'Cannot reach the shop right now. Check your connection and try again.',
} as const;
