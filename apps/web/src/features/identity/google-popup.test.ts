import { afterEach, describe, expect, it, vi } from 'vitest';
import { authCopy } from '@shop/shared/copy/auth';
import { PopupSignInError, signInWithGooglePopup } from './google-popup';

/** window.open's third argument as a map: "popup=yes,width=500" → { popup: 'yes', width: '500' }. */
const parseFeatures = (features: string) => Object.fromEntries(features.split(',').map((f) => f.split('=') as [string, string]));

describe('the Google popup (spec §9: 500 × 600)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens a 500 × 600 popup window on the shop’s popup start endpoint', async () => {
    // The browser refuses the popup, so nothing is left waiting; the call the shop made is what counts.
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const err = await signInWithGooglePopup().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PopupSignInError);
    expect(err).toMatchObject({ code: 'popup-blocked', message: authCopy.popupBlocked });

    expect(open).toHaveBeenCalledTimes(1);
    const [url, , features] = open.mock.calls[0] as [string, string, string];
    expect(new URL(url).pathname).toBe('/api/auth/oauth-popup/start');
    const f = parseFeatures(features);
    expect(f.popup).toBe('yes');
    expect(f.width).toBe('500');
    expect(f.height).toBe('600');
  });
});
