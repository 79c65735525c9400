import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messagesCopy } from '@shop/shared/copy/messages';
import type { ContactMessageItem, ContactMessagePage } from '@shop/shared/schemas/contact';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import MessagesPage from './messages';

const t = messagesCopy;
const ADMIN = 'admin@torque-throttle.example';

const message = (n: number, extra: Partial<ContactMessageItem> = {}): ContactMessageItem => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  email: `buyer${n}@example.com`,
  subject: `Question ${n}`,
  message: `Line one of ${n}\nLine two`,
  createdAt: new Date(Date.UTC(2026, 2, n, 14, 30)).toISOString(),
  handledAt: null,
  handledBy: null,
  ...extra,
});

/** The shop's messages API over an in-memory list, newest first, as GET and PATCH /api/messages answer. */
function serve(initial: ContactMessageItem[]) {
  const store = [...initial];
  return fakeApi((req) => {
    if (req.method === 'GET' && req.path === '/api/messages') {
      const status = req.query.get('status') ?? 'open';
      const page = Number(req.query.get('page') ?? 1);
      const limit = Number(req.query.get('limit') ?? 20);
      const sorted = [...store].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const shown = sorted.filter((m) => (status === 'all' ? true : status === 'handled' ? m.handledAt !== null : m.handledAt === null));
      const body: ContactMessagePage = {
        items: shown.slice((page - 1) * limit, page * limit),
        total: shown.length,
        page,
        limit,
        pages: Math.max(1, Math.ceil(shown.length / limit)),
        counts: { open: store.filter((m) => m.handledAt === null).length, handled: store.filter((m) => m.handledAt !== null).length },
      };
      return { status: 200, body };
    }
    const patch = req.method === 'PATCH' && /^\/api\/messages\/(.+)$/.exec(req.path);
    if (patch) {
      const i = store.findIndex((m) => m._id === decodeURIComponent(patch[1]));
      if (i < 0) return { status: 404, body: { error: { code: 'MESSAGE_NOT_FOUND', message: 'No message with that id.' } } };
      const { handled } = req.body as { handled: boolean };
      store[i] = { ...store[i], handledAt: handled ? '2026-03-20T09:00:00.000Z' : null, handledBy: handled ? ADMIN : null };
      return { status: 200, body: store[i] };
    }
    return notFound(req);
  });
}

const open = (url = '/dashboard/messages') => renderWithProviders(<MessagesPage />, { url, path: '/dashboard/messages' });
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) });
const cards = () => within(screen.getByRole('list', { name: t.title })).getAllByRole('article');

describe('the Messages page (issue #25)', () => {
  it('lists the open messages newest first with who wrote, when, about what and the text, and counts each tab', async () => {
    const { calls } = serve([message(1), message(2), message(3, { handledAt: '2026-03-10T08:00:00.000Z', handledBy: ADMIN })]);
    open();
    expect(await screen.findByRole('article', { name: 'Question 2' })).toBeTruthy();
    expect(calls[0].query.get('status')).toBe('open');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['Question 2', 'Question 1']);

    const first = screen.getByRole('article', { name: 'Question 2' });
    expect(within(first).getByText('buyer2@example.com')).toBeTruthy();
    expect(within(first).getByText('Mar 2, 2026', { exact: false }).tagName).toBe('TIME');
    expect(within(first).getByText(/Line one of 2\s+Line two/)).toBeTruthy();
    expect(within(first).getByText(t.statusOpen)).toBeTruthy();
    expect(within(first).getByRole('link', { name: t.reply }).getAttribute('href')).toBe('mailto:buyer2@example.com?subject=Re%3A%20Question%202');

    expect(tab(t.tabOpen).getAttribute('aria-selected')).toBe('true');
    expect(tab(t.tabOpen).textContent).toBe('Open2');
    expect(tab(t.tabHandled).textContent).toBe('Handled1');
    expect(tab(t.tabAll).textContent).toBe('All3');
    expect(screen.getByText('Showing 1–2 of 2 messages')).toBeTruthy();
  });

  it('marks a message handled: it leaves Open with a confirmation, and Handled shows who did it, with Reopen', async () => {
    const user = userEvent.setup();
    const { calls } = serve([message(1), message(2)]);
    open();
    const card = await screen.findByRole('article', { name: 'Question 2' });
    await user.click(within(card).getByRole('button', { name: t.markHandled }));

    expect(await screen.findByText(t.marked('Question 2'))).toBeTruthy();
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/api/messages/00000000-0000-4000-8000-000000000002');
    expect(patch.body).toEqual({ handled: true });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Question 2' })).toBeNull());
    expect(tab(t.tabHandled).textContent).toBe('Handled1');
    // The keyboard stays in the list, not on a button that is gone.
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));

    await user.click(tab(t.tabHandled));
    const handled = await screen.findByRole('article', { name: 'Question 2' });
    expect(within(handled).getByText(t.statusHandled)).toBeTruthy();
    expect(within(handled).getByText(`Handled by ${ADMIN} on Mar 20, 2026`, { exact: false })).toBeTruthy();
    await user.click(within(handled).getByRole('button', { name: t.reopen }));
    expect(await screen.findByText(t.reopened('Question 2'))).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ handled: true }, { handled: false }]);
    expect(await screen.findByText(t.emptyHandled)).toBeTruthy();
  });

  it('moves between the tabs with the arrow keys, and keeps the tab in the address', async () => {
    const user = userEvent.setup();
    const { calls } = serve([message(1)]);
    const { router } = open();
    await screen.findByRole('article', { name: 'Question 1' });
    tab(t.tabOpen).focus();
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?status=handled');
    expect(document.activeElement).toBe(tab(t.tabHandled));
    expect(await screen.findByText(t.emptyHandled)).toBeTruthy();
    await user.keyboard('{End}');
    expect(router.state.location.search).toBe('?status=all');
    expect(await screen.findByRole('article', { name: 'Question 1' })).toBeTruthy();
    expect(calls.map((c) => c.query.get('status'))).toEqual(['open', 'handled', 'all']);
  });

  it('says when there is no message at all', async () => {
    serve([]);
    open();
    expect(await screen.findByText(t.emptyAll)).toBeTruthy();
  });

  it('says so when every message is handled', async () => {
    serve([message(1, { handledAt: '2026-03-10T08:00:00.000Z', handledBy: ADMIN })]);
    open();
    expect(await screen.findByText(t.emptyOpen)).toBeTruthy();
  });

  it('pages through many messages', async () => {
    const user = userEvent.setup();
    const { calls } = serve(Array.from({ length: 25 }, (_, i) => message(i + 1)));
    const { router } = open();
    expect(await screen.findByText('Showing 1–20 of 25 messages')).toBeTruthy();
    expect(cards()).toHaveLength(20);
    const pager = screen.getByRole('navigation', { name: t.pagination });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(pager).getByRole('button', { name: t.next }));
    expect(await screen.findByText('Showing 21–25 of 25 messages')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(calls.at(-1)!.query.get('page')).toBe('2');
    expect(cards()).toHaveLength(5);
  });

  it('shows a page the address asks for past the end as the last page', async () => {
    serve([message(1)]);
    const { router } = open('/dashboard/messages?page=4');
    expect(await screen.findByRole('article', { name: 'Question 1' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });
});
