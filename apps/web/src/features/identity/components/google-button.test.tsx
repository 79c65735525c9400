import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authCopy } from '@shop/shared/copy/auth';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { useState } from 'react';
import { FormError } from './form-error';
import { GoogleButton } from './google-button';

function Harness() {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <GoogleButton onSignedIn={async () => undefined} onError={setError} />
      <FormError message={error} />
    </>
  );
}

describe('Continue With Google without Google credentials on the shop', () => {
  it('answers with the clear "not configured" error and opens no popup', async () => {
    // The shop's answer when GOOGLE_CLIENT_ID/SECRET are unset (apps/api/test/identity.test.ts checks the server side).
    const api = fakeApi((req) => (req.path === '/api/auth-config' ? { status: 200, body: { emailPassword: true, google: false } } : notFound(req)));
    const open = vi.spyOn(window, 'open');
    renderWithProviders(<Harness />);
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/auth-config'));
    await userEvent.click(await screen.findByRole('button', { name: authCopy.google }));
    const message = await screen.findByText(authCopy.googleNotConfigured);
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.className).toContain('text-error');
    expect(open).not.toHaveBeenCalled();
  });
});
