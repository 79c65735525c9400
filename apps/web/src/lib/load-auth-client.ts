/**
 * Better Auth's browser client, loaded when an identity action runs (sign-in, register, reset, second
 * factor), not with the page: it stays off the public pages' critical path (decision 107).
 */
export const loadAuthClient = () => import('./auth-client').then((m) => m.authClient);
