import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactForm } from './contact-form';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;

describe('home contact form', () => {
  it('has the spec fields: email-type address, subject, a 4-row message, all required, and SEND US', () => {
    fakeApi(notFound);
    renderWithProviders(<ContactForm />);
    expect(field('Email Address').getAttribute('type')).toBe('email');
    expect(field('Subject').required).toBe(true);
    expect(field('Email Address').required).toBe(true);
    const message = field('Your message') as HTMLTextAreaElement;
    expect(message.tagName).toBe('TEXTAREA');
    expect(message.getAttribute('rows')).toBe('4');
    expect(message.required).toBe(true);
    expect(screen.getByRole('button', { name: 'SEND US' })).toBeTruthy();
  });

  it('says what is missing and sends nothing when submitted empty', async () => {
    const api = fakeApi(notFound);
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'SEND US' }));
    expect(await screen.findByText('Email is Required')).toBeTruthy();
    expect(screen.getByText('Subject is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(field('Email Address').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toHaveLength(0);
  });

  it('rejects an invalid e-mail address', async () => {
    const api = fakeApi(notFound);
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await user.type(field('Email Address'), 'not-an-address');
    await user.type(field('Subject'), 'Bulk chains');
    await user.type(field('Your message'), 'Do you ship to Canada?');
    await user.click(screen.getByRole('button', { name: 'SEND US' }));
    expect(await screen.findByText('Provide a valid Email')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('posts the message, confirms with the toast and clears the form', async () => {
    const api = fakeApi((req) => (req.method === 'POST' && req.path === '/api/contact' ? { status: 201, body: { ok: true } } : notFound(req)));
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await user.type(field('Email Address'), 'Workshop@Example.com');
    await user.type(field('Subject'), 'Bulk chains');
    await user.type(field('Your message'), 'Do you ship to Canada?');
    await user.click(screen.getByRole('button', { name: 'SEND US' }));

    expect(await screen.findByText('Thanks! Your message has been sent. We reply within one business day.')).toBeTruthy();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].body).toEqual({ email: 'workshop@example.com', subject: 'Bulk chains', message: 'Do you ship to Canada?' });
    await waitFor(() => expect(field('Subject').value).toBe(''));
    expect(field('Email Address').value).toBe('');
  });

  it("shows the server's message when sending fails and keeps what was typed", async () => {
    fakeApi(() => ({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'Too many messages. Try again in a minute.' } } }));
    const user = userEvent.setup();
    renderWithProviders(<ContactForm />);
    await user.type(field('Email Address'), 'rider@example.com');
    await user.type(field('Subject'), 'Hello');
    await user.type(field('Your message'), 'Hi there');
    await user.click(screen.getByRole('button', { name: 'SEND US' }));
    expect(await screen.findByText('Too many messages. Try again in a minute.')).toBeTruthy();
    expect(screen.queryByText(/Your message has been sent/)).toBeNull();
    expect(field('Subject').value).toBe('Hello');
  });
});
