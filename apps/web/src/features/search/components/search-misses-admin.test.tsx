import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchMissesCopy } from '@shop/shared/copy/search';
import type { SearchMisses } from '@shop/shared/schemas/search';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { SearchMissesAdmin } from './search-misses-admin';

const t = searchMissesCopy;
const row = (query: string, searches: number, opened = 0) => ({ query, searches, zeroResults: searches, opened, lastSearchedAt: '2026-11-26T15:40:00.000Z' });

function serve() {
  let misses: SearchMisses = { zeroResults: [row('hugger', 7), row('blinker', 3)], notOpened: [row('brake pads', 12, 0)] };
  return fakeApi((req) => {
    if (req.method === 'GET' && req.path === '/api/search/misses') return { status: 200, body: misses };
    if (req.method === 'POST' && req.path === '/api/search/synonyms') {
      const terms = (req.body as { terms: string[] }).terms;
      if (terms.includes('taken')) return { status: 409, body: { error: { code: 'CONFLICT', message: '“taken” is already in a group' } } };
      return { status: 201, body: { _id: 'g1', terms, updatedAt: '2026-11-26T15:41:00.000Z' } };
    }
    const dismissed = /^\/api\/search\/misses\/(.+)$/.exec(req.path);
    if (req.method === 'DELETE' && dismissed) {
      const q = decodeURIComponent(dismissed[1]);
      misses = { zeroResults: misses.zeroResults.filter((r) => r.query !== q), notOpened: misses.notOpened.filter((r) => r.query !== q) };
      return { status: 204 };
    }
    return notFound(req);
  });
}

describe('SearchMissesAdmin (issue #26 item 6)', () => {
  it('lists the searches that found nothing and those nobody opened, with their counts', async () => {
    serve();
    renderWithProviders(<SearchMissesAdmin />);
    const zero = await screen.findByRole('table', { name: t.zeroTitle });
    const rows = within(zero).getAllByRole('row');
    expect(rows.map((r) => within(r).queryByRole('rowheader')?.textContent ?? null)).toEqual([null, 'hugger', 'blinker']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7', '0', 'Nov 26, 2026, 3:40 PM', expect.any(String)]);
    const notOpened = screen.getByRole('table', { name: t.notOpenedTitle });
    expect(within(notOpened).getByRole('rowheader', { name: 'brake pads' })).toBeTruthy();
    // A phone gets the same rows as a list.
    expect(within(screen.getByRole('list', { name: t.zeroTitle })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('adds a synonym with the query as its first term, and says when the shop refuses it', async () => {
    const api = serve();
    renderWithProviders(<SearchMissesAdmin />);
    const zero = await screen.findByRole('table', { name: t.zeroTitle });
    await userEvent.click(within(zero).getByRole('button', { name: t.addSynonymFor('hugger') }));
    const dialog = await screen.findByRole('dialog', { name: t.dialogTitle('hugger') });
    expect((within(dialog).getByRole('textbox', { name: t.term }) as HTMLInputElement).value).toBe('hugger');
    const meaning = within(dialog).getByRole('textbox', { name: t.meaning });
    await waitFor(() => expect(document.activeElement).toBe(meaning));

    // Nothing typed: the field says so and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await within(dialog).findByText(t.meaningRequired)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(meaning, 'taken');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('already in a group');

    await userEvent.clear(meaning);
    await userEvent.type(meaning, 'Rear Fender');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.added('hugger', 'Rear Fender'))).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({ terms: ['hugger', 'rear fender'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('dismisses a query (its words in the address), and the list no longer has it', async () => {
    const api = serve();
    renderWithProviders(<SearchMissesAdmin />);
    const notOpened = await screen.findByRole('table', { name: t.notOpenedTitle });
    await userEvent.click(within(notOpened).getByRole('button', { name: t.dismissFor('brake pads') }));
    expect(await screen.findByText(t.dismissed('brake pads'))).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'DELETE')!.path).toBe('/api/search/misses/brake%20pads');
    expect(await screen.findByText(t.notOpenedEmpty, { selector: 'p' })).toBeTruthy();
  });
});
