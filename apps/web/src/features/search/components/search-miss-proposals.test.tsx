import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { searchMissProposalsCopy, searchMissesCopy } from '@shop/shared/copy/search';
import type { SearchMissProposals as Proposals } from '@shop/shared/schemas/search';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { evidenceText, proposalText } from './search-miss-proposals';
import { SearchMissesAdmin } from './search-misses-admin';

const t = searchMissProposalsCopy;
const row = (query: string, searches: number) => ({ query, searches, zeroResults: searches, opened: 0, lastSearchedAt: '2026-12-02T15:40:00.000Z' });

const pipe: Proposals['items'][number] = {
  query: 'pipe',
  proposals: [
    {
      kind: 'synonym',
      word: 'pipe',
      term: 'exhaust',
      groupId: 'g1',
      groupTerms: ['exhaust', 'muffler'],
      evidence: { kind: 'followed', clients: 3, then: 'exhaust' },
    },
  ],
};
const gixxer: Proposals['items'][number] = {
  query: 'gixxer brake pads',
  proposals: [
    { kind: 'nickname', word: 'gixxer', make: 'Suzuki', model: 'GSX-R1000', evidence: { kind: 'followed', clients: 2, then: 'gsx r1000 brake pads' } },
  ],
};
const oyl: Proposals['items'][number] = {
  query: 'oyl filter',
  proposals: [
    { kind: 'synonym', word: 'oyl', term: 'oil', groupId: null, groupTerms: null, evidence: { kind: 'typo', distance: 1, allowed: 0, products: 12 } },
  ],
};

function serve(items: Proposals['items']) {
  let current = items;
  return fakeApi((req) => {
    if (req.method === 'GET' && req.path === '/api/search/misses/proposals') return { status: 200, body: { items: current } };
    if (req.method === 'GET' && req.path === '/api/search/misses')
      return { status: 200, body: { zeroResults: [...items.map((i) => row(i.query, 4)), row('flux capacitor', 2)], notOpened: [row('brake pads', 9)] } };
    if (req.method === 'PUT' && req.path === '/api/search/synonyms/g1') {
      current = current.filter((i) => i.query !== 'pipe');
      return { status: 200, body: { _id: 'g1', terms: (req.body as { terms: string[] }).terms, updatedAt: '2026-12-03T00:00:00.000Z' } };
    }
    if (req.method === 'POST' && req.path === '/api/search/synonyms') {
      current = current.filter((i) => i.query !== 'oyl filter');
      return { status: 201, body: { _id: 'g2', terms: (req.body as { terms: string[] }).terms, updatedAt: '2026-12-03T00:00:00.000Z' } };
    }
    if (req.method === 'POST' && req.path === '/api/search/model-aliases')
      return { status: 400, body: { error: { code: 'MODEL_NOT_LISTED', message: 'The vehicle list has no Suzuki GSX-R1000.' } } };
    return notFound(req);
  });
}

describe('SearchMissProposals (issue #38 item 2)', () => {
  it('words each proposal and its evidence', () => {
    expect(proposalText(pipe.proposals[0])).toBe('Add “pipe” as a synonym of “exhaust”');
    expect(evidenceText('pipe', pipe.proposals[0])).toBe('3 riders searched “pipe”, then “exhaust”, and opened a part it found.');
    expect(proposalText(gixxer.proposals[0])).toBe('Add “gixxer” as a nickname of the Suzuki GSX-R1000');
    expect(evidenceText('oyl filter', oyl.proposals[0])).toBe('“oyl” is 1 letter off “oil” (12 parts); the search corrects no letters in a word of 3 letters.');
    expect(evidenceText('mt7 chain', { kind: 'nickname', word: 'mt7', make: 'Yamaha', model: 'MT-07', evidence: { kind: 'model-name', distance: 1 } })).toBe(
      '“mt7” is 1 letter off the name of the Yamaha MT-07.',
    );
  });

  it('shows the proposals under their miss, in the table and in the phone list, and applies one into the term’s group', async () => {
    const api = serve([pipe, gixxer, oyl]);
    renderWithProviders(<SearchMissesAdmin />);
    const zero = await screen.findByRole('table', { name: searchMissesCopy.zeroTitle });
    const list = await within(zero).findByRole('list', { name: t.missLabel('pipe') });
    expect(within(list).getByText(t.followed(3, 'pipe', 'exhaust'))).toBeTruthy();
    // Under its miss: the row after the miss's row.
    const rows = within(zero).getAllByRole('row');
    const at = rows.findIndex((r) => within(r).queryByRole('rowheader', { name: 'pipe' }));
    expect(within(rows[at + 1]).getByRole('list', { name: t.missLabel('pipe') })).toBeTruthy();
    // On a phone, inside the miss's item.
    const phone = screen.getByRole('list', { name: searchMissesCopy.zeroTitle });
    expect(within(phone).getByRole('list', { name: t.missLabel('gixxer brake pads') })).toBeTruthy();
    // A miss without a proposal, and the other list, get none.
    expect(screen.queryByRole('list', { name: t.missLabel('flux capacitor') })).toBeNull();
    expect(within(screen.getByRole('table', { name: searchMissesCopy.notOpenedTitle })).queryByText(t.title)).toBeNull();

    await userEvent.click(within(list).getByRole('button', { name: t.applyFor(proposalText(pipe.proposals[0])) }));
    await waitFor(() => expect(within(zero).queryByRole('list', { name: t.missLabel('pipe') })).toBeNull());
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ terms: ['exhaust', 'muffler', 'pipe'] });

    // A term in no group: a new group of the term and the word.
    await userEvent.click(within(zero).getByRole('button', { name: t.applyFor(proposalText(oyl.proposals[0])) }));
    await waitFor(() => expect(within(zero).queryByRole('list', { name: t.missLabel('oyl filter') })).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/search/synonyms')?.body).toEqual({ terms: ['oil', 'oyl'] });
  });

  it('sends a nickname to the nickname route and keeps the proposal when the shop refuses it', async () => {
    const api = serve([gixxer]);
    renderWithProviders(<SearchMissesAdmin />);
    const zero = await screen.findByRole('table', { name: searchMissesCopy.zeroTitle });
    const apply = await within(zero).findByRole('button', { name: t.applyFor(proposalText(gixxer.proposals[0])) });
    await userEvent.click(apply);
    expect(await screen.findByText('The vehicle list has no Suzuki GSX-R1000.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/search/model-aliases')?.body).toEqual({ alias: 'gixxer', make: 'Suzuki', model: 'GSX-R1000' });
    expect(within(zero).getByRole('button', { name: t.applyFor(proposalText(gixxer.proposals[0])) })).toBeTruthy();
  });

  it('shows the misses when the proposals cannot be read', async () => {
    fakeApi((req) => {
      if (req.method === 'GET' && req.path === '/api/search/misses') return { status: 200, body: { zeroResults: [row('pipe', 3)], notOpened: [] } };
      return { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } };
    });
    renderWithProviders(<SearchMissesAdmin />);
    const zero = await screen.findByRole('table', { name: searchMissesCopy.zeroTitle });
    expect(within(zero).getByRole('rowheader', { name: 'pipe' })).toBeTruthy();
    expect(within(zero).queryByText(t.title)).toBeNull();
  });
});
