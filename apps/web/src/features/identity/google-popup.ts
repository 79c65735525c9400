import { authCopy } from '@shop/shared/copy/auth';
import { fetchSession } from './api/session';

/** Popup sign-in start URL (Better Auth's oauth-popup plugin). */
const authPath = (p: string) => `/api/auth${p}`;

/**
 * Google sign-in in a 500 × 600 popup (spec §4, §9), on Better Auth's
 * oauth-popup server endpoint. Its own browser client refuses a second popup
 * while one is open; the spec wants the opposite (a new one cancels the
 * earlier), so the opener side is ours:
 *  - the popup opens /api/auth/oauth-popup/start, goes to the provider and
 *    comes back to a completion page that posts { type, nonce, token | error }
 *    to this window and closes itself;
 *  - a closed popup is noticed by polling and ends as closed by the user.
 */
export type PopupErrorCode =
  'popup-closed-by-user' | 'cancelled-popup-request' | 'popup-blocked' | 'popup-timeout' | 'account-not-linked' | 'google-sign-in-failed';

export class PopupSignInError extends Error {
  constructor(
    public readonly code: PopupErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PopupSignInError';
  }
}

export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
const POLL_MS = 500;
const TIMEOUT_MS = 5 * 60 * 1000;
const MESSAGE_TYPE = 'better-auth:oauth-popup';

interface Active {
  popup: Window;
  cancel(): void;
}
let active: Active | null = null;

function features() {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`;
}

function nonce() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function messageFor(code: string, description?: string): PopupSignInError {
  if (code === 'account_not_linked') return new PopupSignInError('account-not-linked', authCopy.googleAccountNotLinked);
  return new PopupSignInError('google-sign-in-failed', description && description !== code ? description : `${authCopy.googleFailed} (${code})`);
}

/**
 * Opens the popup and resolves once Google signed the user in (the session
 * cookie is set); rejects with a PopupSignInError otherwise. Call it straight
 * from the click handler so the browser allows the popup.
 */
export function signInWithGooglePopup(): Promise<void> {
  // Spec §4: a new popup cancels the earlier one.
  active?.cancel();

  const id = nonce();
  const start = new URL(authPath('/oauth-popup/start'), window.location.origin);
  start.searchParams.set('provider', 'google');
  start.searchParams.set('popupOrigin', window.location.origin);
  start.searchParams.set('popupNonce', id);
  start.searchParams.set('callbackURL', '/home');
  start.searchParams.set('errorCallbackURL', '/login');

  const popup = window.open(start.toString(), `google-sign-in-${id}`, features());
  if (!popup) return Promise.reject(new PopupSignInError('popup-blocked', authCopy.popupBlocked));

  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (error?: PopupSignInError) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      window.clearInterval(poll);
      window.clearTimeout(timeout);
      if (active?.popup === popup) active = null;
      try {
        if (!popup.closed) popup.close();
      } catch {
        /* already gone */
      }
      if (error) reject(error);
      else resolve();
    };

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: string; nonce?: string; token?: string; error?: { code: string; description?: string } } | null;
      if (!data || data.type !== MESSAGE_TYPE || data.nonce !== id) return;
      if (data.error) finish(messageFor(data.error.code, data.error.description));
      else if (data.token) finish();
    };

    const poll = window.setInterval(() => {
      if (!popup.closed || settled) return;
      window.clearInterval(poll);
      // The completion page closes itself right after posting; if its message got lost, the session tells.
      fetchSession()
        .then((user) => finish(user ? undefined : new PopupSignInError('popup-closed-by-user', authCopy.popupClosed)))
        .catch(() => finish(new PopupSignInError('popup-closed-by-user', authCopy.popupClosed)));
    }, POLL_MS);

    const timeout = window.setTimeout(() => finish(new PopupSignInError('popup-timeout', authCopy.googleFailed)), TIMEOUT_MS);

    window.addEventListener('message', onMessage);
    active = { popup, cancel: () => finish(new PopupSignInError('cancelled-popup-request', authCopy.googleFailed)) };
  });
}
