import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModelAlias } from '@shop/shared/schemas/search';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';
import { ModelNicknamesAdmin, nicknameFromForm, sharedNicknames } from './model-nicknames-admin';

const at = '2026-01-01T00:00:00.000Z';
const aliases: ModelAlias[] = [
  { _id: 'a1', alias: 't7', make: 'Yamaha', model: 'Ténéré 700', createdAt: at },
  { _id: 'a2', alias: 'wee strom', make: 'Suzuki', model: 'V-Strom 650', createdAt: at },
];

describe('model nickname input', () => {
  it('reads the form as the API does, and says what is wrong with each field', () => {
    expect(nicknameFromForm({ alias: ' Wee-Strom ', make: 'Suzuki', model: 'V-Strom 650' })).toEqual({
      input: { alias: 'wee strom', make: 'Suzuki', model: 'V-Strom 650' },
    });
    expect(nicknameFromForm({ alias: '650', make: '', model: '' })).toEqual({
      errors: {
        alias: 'A nickname needs a letter: a number alone is read as a size or a year',
        make: 'Choose the make',
        model: 'Choose the model',
      },
    });
  });

  it('tells the nicknames several models share', () => {
    const gs = (id: string, model: string): ModelAlias => ({ _id: id, alias: 'gs', make: 'BMW', model, createdAt: at });
    expect([...sharedNicknames([...aliases, gs('g1', 'R 1250 GS'), gs('g2', 'R 1300 GS')])]).toEqual(['gs']);
    expect(sharedNicknames(aliases).size).toBe(0);
  });
});

describe('ModelNicknamesAdmin', () => {
  it('lists the nicknames, adds one for a make and model chosen from the vehicle list, and deletes one', async () => {
    let list = [...aliases];
    const api = fakeApi((req) => {
      if (req.method === 'GET' && req.path === '/api/search/model-aliases') return { status: 200, body: { items: list } };
      if (req.method === 'GET' && req.path === '/api/vehicles/makes') return { status: 200, body: ['Suzuki', 'Yamaha'] };
      if (req.method === 'GET' && req.path === '/api/vehicles/models') {
        const make = req.query.get('make');
        return { status: 200, body: make === 'Yamaha' ? ['MT-07', 'MT-09'] : make === 'Suzuki' ? ['SV650', 'V-Strom 650'] : [] };
      }
      if (req.method === 'POST' && req.path === '/api/search/model-aliases') {
        const body = req.body as { alias: string; make: string; model: string };
        if (body.alias === 'r7')
          return { status: 400, body: { error: { code: 'MODEL_ALIAS_IS_A_NAME', message: '“r7” is already the name of the Yamaha R7.' } } };
        const added = { _id: 'a3', ...body, createdAt: at };
        list = [...list, added];
        return { status: 201, body: added };
      }
      if (req.method === 'DELETE' && req.path === '/api/search/model-aliases/a2') {
        list = list.filter((a) => a._id !== 'a2');
        return { status: 200, body: { deleted: true } };
      }
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<ModelNicknamesAdmin />);
    const rows = await screen.findByRole('list', { name: '2 model nicknames' });
    expect(within(rows).getByRole('listitem', { name: '“t7” means the Yamaha Ténéré 700' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Add a nickname/ }));
    const alias = await screen.findByRole('textbox', { name: 'Nickname' });
    await user.click(screen.getByRole('button', { name: 'Add nickname' }));
    expect(await screen.findByText('The nickname needs a letter or a digit')).toBeTruthy();
    expect(screen.getByText('Choose the make')).toBeTruthy();

    await user.type(alias, 'r7');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Make' }), 'Yamaha');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Model' }), await screen.findByRole('option', { name: 'MT-07' }));
    await user.click(screen.getByRole('button', { name: 'Add nickname' }));
    expect(await screen.findByText('“r7” is already the name of the Yamaha R7.')).toBeTruthy();

    await user.clear(alias);
    await user.type(alias, 'FZ-07');
    await user.click(screen.getByRole('button', { name: 'Add nickname' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(api.calls.filter((c) => c.method === 'POST')[1].body).toEqual({ alias: 'fz 07', make: 'Yamaha', model: 'MT-07' });
    expect(await screen.findByRole('listitem', { name: '“fz 07” means the Yamaha MT-07' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete the nickname “wee strom” of the Suzuki V-Strom 650' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '“wee strom” means the Suzuki V-Strom 650' })).toBeNull());
  });
});
