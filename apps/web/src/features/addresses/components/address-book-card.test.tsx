import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedAddress } from '@shop/shared/schemas/address-book';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';
import { AddressBookCard } from './address-book-card';

const PORTLAND: SavedAddress = {
  _id: 'a1',
  name: 'Dana Reyes',
  company: 'Reyes Moto Works',
  line1: '1200 SE Morrison St',
  line2: '',
  city: 'Portland',
  region: 'OR',
  postalCode: '97214',
  country: 'US',
  phone: '+15035550142',
  isDefault: true,
};
const BERLIN: SavedAddress = {
  _id: 'a2',
  name: 'Jonas Weber',
  company: '',
  line1: 'Friedrichstraße 10',
  line2: 'Hinterhaus',
  city: 'Berlin',
  region: '',
  postalCode: '10117',
  country: 'DE',
  phone: '+4930901820',
  isDefault: false,
};

/** The address book as the server keeps it: one default, the first saved is it, the default first. */
function addressServer(start: SavedAddress[], opts: { refuseNext?: { status: number; message: string } } = {}) {
  let book = start.map((a) => ({ ...a }));
  let next = 1;
  let refuse = opts.refuseNext;
  const sorted = () => [...book].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const api = fakeApi((req: FakeRequest) => {
    if (req.path === '/api/addresses' && req.method === 'GET') return { status: 200, body: sorted() };
    if (refuse && req.method !== 'GET') {
      const { status, message } = refuse;
      refuse = undefined;
      return { status, body: { error: { code: 'VALIDATION', message } } };
    }
    const { address, isDefault } = (req.body ?? {}) as { address: Omit<SavedAddress, '_id' | 'isDefault'>; isDefault?: boolean };
    if (req.path === '/api/addresses' && req.method === 'POST') {
      const saved = { ...address, _id: `n${next++}`, isDefault: Boolean(isDefault) || book.length === 0 };
      if (saved.isDefault) book = book.map((a) => ({ ...a, isDefault: false }));
      book.push(saved);
      return { status: 201, body: saved };
    }
    const id = req.path.match(/^\/api\/addresses\/(.+)$/)?.[1];
    const current = book.find((a) => a._id === id);
    if (!current) return notFound(req);
    if (req.method === 'PUT') {
      const saved = { ...current, ...address, isDefault: Boolean(isDefault) || current.isDefault };
      book = book.map((a) => (a._id === id ? saved : saved.isDefault ? { ...a, isDefault: false } : a));
      return { status: 200, body: saved };
    }
    if (req.method === 'DELETE') {
      book = book.filter((a) => a._id !== id);
      if (current.isDefault && book[0]) book[0].isDefault = true;
      return { status: 200, body: { deleted: true } };
    }
    return notFound(req);
  });
  return api;
}

const entryOf = (text: string) => screen.getAllByRole('listitem').find((li) => li.textContent?.includes(text))!;

describe('AddressBookCard', () => {
  it('lists the saved addresses with the default marked, each button named with its address', async () => {
    addressServer([PORTLAND, BERLIN]);
    renderWithProviders(<AddressBookCard />);
    const list = await screen.findByRole('list', { name: 'Your saved addresses' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const portland = within(items[0]);
    expect(portland.getByText('Dana Reyes')).toBeTruthy();
    expect(portland.getByText('Reyes Moto Works')).toBeTruthy();
    expect(portland.getByText('1200 SE Morrison St')).toBeTruthy();
    expect(portland.getByText('Portland, OR 97214')).toBeTruthy();
    expect(portland.getByText('United States')).toBeTruthy();
    expect(portland.getByText('Phone +1 503 555 0142')).toBeTruthy();
    expect(portland.getByText('Default')).toBeTruthy();
    expect(portland.getByRole('button', { name: 'Edit Reyes Moto Works, 1200 SE Morrison St' })).toBeTruthy();
    expect(portland.getByRole('button', { name: 'Delete Reyes Moto Works, 1200 SE Morrison St' })).toBeTruthy();
    // The default is already the default.
    expect(portland.queryByRole('button', { name: /^Make default/ })).toBeNull();

    const berlin = within(items[1]);
    expect(berlin.getByText('Hinterhaus')).toBeTruthy();
    expect(berlin.getByText('10117 Berlin')).toBeTruthy();
    expect(berlin.getByText('Germany')).toBeTruthy();
    expect(berlin.getByText('Phone +49 30 901820')).toBeTruthy();
    expect(berlin.queryByText('Default')).toBeNull();
    expect(berlin.getByRole('button', { name: 'Make default Jonas Weber, Friedrichstraße 10' })).toBeTruthy();
  });

  it('says so when the book is empty', async () => {
    addressServer([]);
    renderWithProviders(<AddressBookCard />);
    expect(await screen.findByText('You have no saved addresses yet. Add one here, or save one when you check out.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your saved addresses' })).toBeNull();
  });

  it('adds an address: the ZIP code is checked under its field before anything is sent, then the server’s 400 message shows, then it saves', async () => {
    const api = addressServer([PORTLAND], { refuseNext: { status: 400, message: 'Enter a phone number that can be dialled in United States' } });
    const user = userEvent.setup();
    renderWithProviders(<AddressBookCard />);
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const dialog = screen.getByRole('dialog', { name: 'Add an address' });
    const form = within(dialog);
    await user.type(form.getByLabelText('Full name'), 'Sam Okafor');
    await user.type(form.getByLabelText('Company (optional)'), 'Music City Motorcycles');
    await user.type(form.getByLabelText('Address line 1'), '500 Broadway');
    await user.type(form.getByLabelText('City'), 'Nashville');
    await user.selectOptions(form.getByLabelText('State'), 'TN');
    await user.type(form.getByLabelText('ZIP code'), 'ABCDE');
    await user.type(form.getByLabelText('Phone'), '+1 615 555 0100');
    await user.click(form.getByRole('checkbox', { name: 'Make this my default address' }));
    await user.click(form.getByRole('button', { name: 'Save address' }));

    const zip = form.getByLabelText('ZIP code');
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(zip.getAttribute('aria-describedby')!.split(' ').pop()!)!;
    expect(message.textContent).toMatch(/^Enter a valid ZIP code for United States/);
    expect(form.getByText('Please correct the fields marked in red.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(zip);
    await user.type(zip, '37203');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    // The server has the last word: its message shows in the form, which stays open.
    expect(await form.findByText('Enter a phone number that can be dialled in United States')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add an address' })).toBeTruthy();

    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Address saved to your address book.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toEqual({
      address: {
        name: 'Sam Okafor',
        company: 'Music City Motorcycles',
        line1: '500 Broadway',
        line2: '',
        city: 'Nashville',
        region: 'TN',
        postalCode: '37203',
        country: 'US',
        phone: '+16155550100',
      },
      isDefault: true,
    });
    // The list is read again: the new address is the default now.
    await waitFor(() => expect(within(entryOf('Sam Okafor')).queryByText('Default')).toBeTruthy());
    expect(within(entryOf('Dana Reyes')).queryByText('Default')).toBeNull();
  });

  it('edits an address with its saved values in the form', async () => {
    const api = addressServer([PORTLAND]);
    const user = userEvent.setup();
    renderWithProviders(<AddressBookCard />);
    await user.click(await screen.findByRole('button', { name: 'Edit Reyes Moto Works, 1200 SE Morrison St' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit address' }));
    expect(form.getByLabelText<HTMLInputElement>('ZIP code').value).toBe('97214');
    expect(form.getByText('This is your default address.')).toBeTruthy();
    const line2 = form.getByLabelText('Address line 2 (optional)');
    await user.type(line2, 'Unit 4');
    await user.click(form.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Address saved.')).toBeTruthy();
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/addresses/a1');
    expect(put.body).toMatchObject({ address: { line2: 'Unit 4', phone: '+15035550142' }, isDefault: true });
    expect(await screen.findByText('Unit 4')).toBeTruthy();
  });

  it('makes another address the default', async () => {
    const api = addressServer([PORTLAND, BERLIN]);
    const user = userEvent.setup();
    renderWithProviders(<AddressBookCard />);
    await user.click(await screen.findByRole('button', { name: 'Make default Jonas Weber, Friedrichstraße 10' }));
    expect(await screen.findByText('Jonas Weber, Friedrichstraße 10 is now your default address.')).toBeTruthy();
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/addresses/a2');
    expect(put.body).toEqual({
      address: {
        name: 'Jonas Weber',
        company: '',
        line1: 'Friedrichstraße 10',
        line2: 'Hinterhaus',
        city: 'Berlin',
        region: '',
        postalCode: '10117',
        country: 'DE',
        phone: '+4930901820',
      },
      isDefault: true,
    });
    // The default comes first, and the other one can take the mark back.
    await waitFor(() => expect(within(screen.getAllByRole('listitem')[0]).getByText('Jonas Weber')).toBeTruthy());
    expect(within(screen.getAllByRole('listitem')[0]).getByText('Default')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make default Reyes Moto Works, 1200 SE Morrison St' })).toBeTruthy();
  });

  it('deletes an address after asking, and keeps it when the question is cancelled', async () => {
    const api = addressServer([PORTLAND, BERLIN]);
    const user = userEvent.setup();
    renderWithProviders(<AddressBookCard />);
    const del = await screen.findByRole('button', { name: 'Delete Jonas Weber, Friedrichstraße 10' });

    await user.click(del);
    let dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    expect(within(dialog).getByText(/Jonas Weber, Friedrichstraße 10 will be removed from your address book/)).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(del);
    dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Address deleted.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'DELETE')!.path).toBe('/api/addresses/a2');
    await waitFor(() => expect(screen.queryByText('Jonas Weber')).toBeNull());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    // Its buttons are gone: the focus is on the card's heading, not lost.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Address book' }));
  });
});
