import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchSynonym } from '@shop/shared/schemas/search';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { filterGroups, SynonymsAdmin, termsFromText } from './synonyms-admin';

const groups: SearchSynonym[] = [
  { _id: 'g1', terms: ['exhaust', 'muffler', 'silencer'], updatedAt: '2026-01-01T00:00:00.000Z' },
  { _id: 'g2', terms: ['tyre', 'tire'], updatedAt: '2026-01-01T00:00:00.000Z' },
];

describe('synonym terms', () => {
  it('reads comma-separated terms as the API does, and says what is wrong', () => {
    expect(termsFromText(' Turn-Signal, blinker ,, BLINKER ')).toEqual({ terms: ['turn signal', 'blinker'] });
    expect(termsFromText('hugger')).toEqual({ error: 'A synonym group needs at least two different terms' });
    expect(termsFromText('hugger, a term of four words')).toEqual({ error: 'A term must be 3 words or fewer' });
    // Issue #38 (decision 219): a job's parts, one term with "+" between them.
    expect(termsFromText('Chain kit, chain+Front sprocket + rear sprocket')).toEqual({ terms: ['chain kit', 'chain + front sprocket + rear sprocket'] });
    expect(termsFromText('chain kit, a + b + c + d + e + f + g')).toEqual({ error: 'A list of parts has at most 6 parts' });
  });

  it('finds the groups with a term that contains the letters typed', () => {
    expect(filterGroups(groups, 'MUFF').map((g) => g._id)).toEqual(['g1']);
    expect(filterGroups(groups, ' ').map((g) => g._id)).toEqual(['g1', 'g2']);
  });
});

describe('SynonymsAdmin', () => {
  it('lists the groups, adds one and deletes one', async () => {
    let list = [...groups];
    const api = fakeApi((req) => {
      if (req.method === 'GET' && req.path === '/api/search/synonyms') return { status: 200, body: { items: list } };
      if (req.method === 'POST' && req.path === '/api/search/synonyms') {
        const added = { _id: 'g3', terms: (req.body as { terms: string[] }).terms, updatedAt: '2026-01-02T00:00:00.000Z' };
        list = [...list, added];
        return { status: 201, body: added };
      }
      if (req.method === 'DELETE' && req.path === '/api/search/synonyms/g2') {
        list = list.filter((g) => g._id !== 'g2');
        return { status: 200, body: { deleted: true } };
      }
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<SynonymsAdmin />);
    const groupList = await screen.findByRole('list', { name: '2 synonym groups' });
    expect(within(groupList).getByRole('list', { name: 'exhaust, muffler, silencer' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Add a group/ }));
    const terms = await screen.findByRole('textbox', { name: 'Terms' });
    await user.type(terms, 'hugger');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    expect(await screen.findByText('A synonym group needs at least two different terms')).toBeTruthy();
    await user.type(terms, ', Rear Mudguard');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ terms: ['hugger', 'rear mudguard'] });
    expect(await screen.findByRole('list', { name: 'hugger, rear mudguard' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete the group “tyre”' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'tyre, tire' })).toBeNull());
  });
});
