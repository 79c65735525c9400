import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDiagram } from '@shop/shared/schemas/diagram';
import { AdminDiagrams } from './admin-diagrams';
import { vehiclesSummary } from './admin-diagram-list';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound, type FakeRequest } from '../../../testing/fake-api';

const mt07 = (year: number) => ({ _id: `v${year}`, make: 'Yamaha', model: 'MT-07', year, variant: null, slug: `${year}-yamaha-mt-07` });

const frontBrake: AdminDiagram = {
  _id: 'd1',
  slug: 'front-brake',
  name: 'Front brake',
  description: '',
  imageUrl: '/images/diagrams/mt07-front-brake.svg',
  imageWidth: 800,
  imageHeight: 600,
  calloutCount: 2,
  vehicles: [mt07(2014), mt07(2015), mt07(2016), { _id: 'v9', make: 'Yamaha', model: 'MT-09', year: 2021, variant: 'SP', slug: '2021-yamaha-mt-09-sp' }],
  callouts: [
    { number: 1, partNumber: 'BR-1', label: 'Brake pads', quantity: 2, notes: '', x: 10, y: 10, w: 12, h: 6 },
    { number: 2, partNumber: 'BR-2', label: 'Brake disc', quantity: 2, notes: '', x: 40, y: 40, w: 10, h: 8 },
  ],
};

/** The list and the vehicle lists; anything else is the test's. */
const reads = (req: FakeRequest) => {
  if (req.method !== 'GET') return null;
  if (req.path === '/api/admin/diagrams') return { status: 200, body: [frontBrake] };
  if (req.path === '/api/vehicles/makes') return { status: 200, body: ['Yamaha'] };
  if (req.path === '/api/vehicles/models') return { status: 200, body: ['MT-07'] };
  if (req.path === '/api/vehicles/years') return { status: 200, body: [2016, 2015, 2014] };
  return null;
};

describe('vehiclesSummary', () => {
  it('groups model years per model', () => {
    expect(vehiclesSummary(frontBrake.vehicles)).toBe('2014–2016 Yamaha MT-07; 2021 Yamaha MT-09 SP');
  });
});

describe('AdminDiagrams', () => {
  it('lists the diagrams from the API with their vehicles, callouts and actions', async () => {
    fakeApi((req) => reads(req) ?? notFound(req));
    renderWithProviders(<AdminDiagrams />);
    const list = await screen.findByRole('list', { name: 'All diagrams' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Front brake' })).toBeTruthy();
    expect(within(item).getByText('2014–2016 Yamaha MT-07; 2021 Yamaha MT-09 SP')).toBeTruthy();
    expect(within(item).getByText('2')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Open the page of Front brake' }).getAttribute('href')).toBe('/diagrams/2014-yamaha-mt-07/front-brake');
    expect(within(item).getByRole('button', { name: 'Edit Front brake' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Export the callouts of Front brake (CSV)' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Delete Front brake' })).toBeTruthy();
  });

  it('says what is missing, uploads the drawing, and posts the new diagram', async () => {
    const api = fakeApi((req) => {
      const read = reads(req);
      if (read) return read;
      if (req.method === 'POST' && req.path === '/api/uploads') {
        return {
          status: 201,
          body: { url: '/api/uploads/0b6f2a34-1d7e-4c55-9a51-5d7f1c2e9a10/960.webp', id: '0b6f2a34-1d7e-4c55-9a51-5d7f1c2e9a10', width: 1600, height: 1200 },
        };
      }
      if (req.method === 'POST' && req.path === '/api/admin/diagrams') {
        return { status: 201, body: { ...frontBrake, _id: 'd2', name: 'Rear brake', slug: 'rear-brake', callouts: [], calloutCount: 0 } };
      }
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminDiagrams />);
    const form = within(await screen.findByRole('region', { name: 'New diagram' }));
    await user.click(form.getByRole('button', { name: 'Create diagram' }));
    expect(form.getByText('Name is Required')).toBeTruthy();
    expect(form.getByText('Drawing is Required')).toBeTruthy();
    expect(form.getByText('Make is Required')).toBeTruthy();
    expect(form.getByText('From year is Required')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Rear brake');
    await user.type(form.getByRole('textbox', { name: 'Address word' }), 'rear-brake');
    await user.upload(form.getByLabelText('Drawing (PNG, JPEG or WebP)'), new File(['png'], 'rear-brake.png', { type: 'image/png' }));
    expect(await form.findByText('Drawing uploaded (1,600 × 1,200 px).')).toBeTruthy();
    await user.selectOptions(form.getByRole('combobox', { name: 'Make' }), 'Yamaha');
    await user.selectOptions(await form.findByRole('combobox', { name: 'Model' }), await form.findByRole('option', { name: 'MT-07' }));
    await form.findAllByRole('option', { name: '2014' });
    await user.selectOptions(form.getByRole('combobox', { name: 'From year' }), '2014');
    await user.selectOptions(form.getByRole('combobox', { name: 'To year' }), '2016');
    await user.click(form.getByRole('button', { name: 'Create diagram' }));

    expect(await screen.findByText('Diagram created: Rear brake')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/admin/diagrams')!.body).toEqual({
      name: 'Rear brake',
      slug: 'rear-brake',
      description: '',
      imageUrl: '/api/uploads/0b6f2a34-1d7e-4c55-9a51-5d7f1c2e9a10/960.webp',
      imageWidth: 1600,
      imageHeight: 1200,
      make: 'Yamaha',
      model: 'MT-07',
      yearFrom: 2014,
      yearTo: 2016,
    });
  });

  it('sends a callout CSV as text/csv and lists the problems of a refused file by line', async () => {
    const csv = 'number,part_number,label,quantity,notes,x,y,w,h\n1,BR-1,Pads,0,,10,10,12,6\n';
    const api = fakeApi((req) => {
      const read = reads(req);
      if (read) return read;
      if (req.method === 'PUT' && req.path === '/api/admin/diagrams/d1/callouts') {
        return {
          status: 400,
          body: {
            error: {
              code: 'INVALID_CSV',
              message: 'The file was not imported: 2 rows have problems. Line 2: quantity must be 1 or more Line 3: callout 1 is listed twice',
              details: {
                problems: [
                  { line: 2, message: 'quantity must be 1 or more' },
                  { line: 3, message: 'callout 1 is listed twice' },
                ],
              },
            },
          },
        };
      }
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminDiagrams />);
    await user.click(await screen.findByRole('button', { name: 'Edit Front brake' }));
    await user.upload(screen.getByLabelText('Import callouts (CSV)'), new File([csv], 'callouts.csv', { type: 'text/csv' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('2 rows have problems; nothing was imported.')).toBeTruthy();
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 2: quantity must be 1 or more', 'Line 3: callout 1 is listed twice']);
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.raw).toBe(csv);
  });

  it('places the chosen callout’s hotspot where the drawing is clicked, keeping its size', async () => {
    const api = fakeApi((req) => {
      const read = reads(req);
      if (read) return read;
      if (req.method === 'PATCH' && req.path === '/api/admin/diagrams/d1/callouts/2') return { status: 200, body: frontBrake };
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminDiagrams />);
    await user.click(await screen.findByRole('button', { name: 'Edit Front brake' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Callout to place' }), '2');

    const drawing = screen.getByRole('img', { name: 'Front brake: exploded drawing with numbered callouts' });
    Object.defineProperty(drawing, 'clientWidth', { configurable: true, value: 800 });
    Object.defineProperty(drawing, 'clientHeight', { configurable: true, value: 600 });
    // The click's spot: half across, a quarter down.
    fireEvent.click(drawing, { offsetX: 400, offsetY: 150 });

    expect(await screen.findByText('Hotspot 2 placed.')).toBeTruthy();
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toEqual({ x: 45, y: 21, w: 10, h: 8 });
    // The keyboard's way shows where it went.
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Centre across (%)' }).value).toBe('50'));
  });
});
