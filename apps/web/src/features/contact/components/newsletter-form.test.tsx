import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewsletterForm } from './newsletter-form';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';

const input = () => screen.getByLabelText('Your e-mail address for the newsletter') as HTMLInputElement;

describe('footer newsletter box', () => {
  it('validates the address before sending', async () => {
    const api = fakeApi(notFound);
    const user = userEvent.setup();
    renderWithProviders(<NewsletterForm />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Email is Required')).toBeTruthy();
    await user.type(input(), 'rider@');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Provide a valid Email')).toBeTruthy();
    expect(document.activeElement).toBe(input());
    expect(input().getAttribute('aria-invalid')).toBe('true');
    // Once refused, the address is checked again as it changes.
    await user.type(input(), 'example.com');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(input().getAttribute('aria-invalid')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('subscribes, confirms with the toast and empties the box', async () => {
    const api = fakeApi((req) => (req.method === 'POST' && req.path === '/api/newsletter' ? { status: 201, body: { ok: true } } : notFound(req)));
    const user = userEvent.setup();
    renderWithProviders(<NewsletterForm />);
    await user.type(input(), '  rider@example.com ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Almost there: check your inbox and open the link we sent to confirm your subscription.')).toBeTruthy();
    // What the shared rule gives, trimmed.
    expect(api.calls[0].body).toEqual({ email: 'rider@example.com' });
    await waitFor(() => expect(input().value).toBe(''));
  });

  it("shows the server's message on failure", async () => {
    fakeApi(() => ({ status: 400, body: { error: { code: 'VALIDATION', message: 'Provide a valid Email' } } }));
    const user = userEvent.setup();
    renderWithProviders(<NewsletterForm />);
    await user.type(input(), 'rider@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Provide a valid Email')).toBeTruthy();
    expect(screen.queryByText(/You are subscribed/)).toBeNull();
  });
});
