import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { ApiError } from './lib/api-client';

/** What the server renderer hands the browser with a page (decision 106). */
export interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
  /**
   * Decision 187: on a page rendered for a signed-in session, that session's access token, so the browser's first
   * calls carry it instead of asking for one (the page is `private, no-store`).
   */
  accessToken?: string;
  /** Decision 187: when the server rendered the page (ms since 1970); the hydrating render shows the clock at it. */
  renderedAt?: number;
}

export const SERVER_STATE_ID = 'ssr-state';

/** `<`, `>`, `&` and line separators are escaped, so no text of a product can end the script. */
export function serializeServerState(state: ServerState): string {
  // A page's answer "not found" travels as what it is, so the browser shows the same not-found state.
  return JSON.stringify(state, (_key, value: unknown) =>
    value instanceof ApiError ? { apiError: { message: value.message, status: value.status, code: value.code } } : value,
  )
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readServerState(): ServerState | null {
  const el = document.getElementById(SERVER_STATE_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent, (_key, value: unknown) => {
      const e = (value as { apiError?: { message: string; status: number; code?: string } } | null)?.apiError;
      return e && typeof value === 'object' && Object.keys(value as object).length === 1 ? new ApiError(e.message, e.status, e.code) : value;
    }) as ServerState;
  } catch {
    return null;
  }
}
