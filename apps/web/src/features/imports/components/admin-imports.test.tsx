import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportJob } from '@shop/shared/schemas/import-job';
import { AdminImports } from './admin-imports';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'catalog-csv',
  fileName: 'feed.csv',
  status: 'ready',
  rowsRead: 4,
  rowsWritten: 2,
  errorCount: 2,
  errors: [
    { line: 4, message: 'unitPrice: must be a number' },
    { line: 5, message: 'sku: Part number A-1 is already on line 2 of this file.' },
  ],
  created: 0,
  updated: 0,
  unchanged: 0,
  deleted: 0,
  attempts: 1,
  cancelRequested: false,
  failureMessage: null,
  createdBy: 'admin@example.com',
  createdAt: '2026-12-03T02:00:00.000Z',
  updatedAt: '2026-12-03T02:00:01.000Z',
  finishedAt: null,
  report: null,
  ...over,
});

describe('AdminImports', () => {
  it('shows a ready job with its progress, the errors by line, and commits it', async () => {
    let current = job({});
    const api = fakeApi((req) => {
      if (req.method === 'GET' && req.path === '/api/admin/imports') return { status: 200, body: { items: [current] } };
      if (req.method === 'POST' && req.path === `/api/admin/imports/${current.id}/commit`) {
        current = { ...current, status: 'committing' };
        return { status: 202, body: current };
      }
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminImports />);
    const bar = await screen.findByRole('progressbar', { name: 'Rows of feed.csv read' });
    expect(bar.getAttribute('value')).toBe('4');
    expect(screen.getByText('4 rows read, 2 written, 2 errors')).toBeTruthy();
    const report = screen.getByRole('region', { name: 'Report of feed.csv' });
    expect(within(report).getByText('2 rows are ready to apply. 2 rows have errors and are left out.')).toBeTruthy();
    expect(within(report).getByText('Line 4')).toBeTruthy();
    expect(within(report).getByText(/already on line 2/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Commit the import of feed.csv' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/commit'))).toBe(true));
    // The list is read again and the job is moving: no more Commit button.
    await waitFor(() => expect(screen.getByText('Committing')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Commit the import of feed.csv' })).toBeNull();
  });

  it('shows an error of the job itself (line 0, a picture the shop could not fetch) without a line number', async () => {
    const done = job({
      kind: 'pies',
      status: 'done',
      errorCount: 1,
      errors: [{ line: 0, message: 'Picture https://cdn.example/p.html is not a picture (text/html): the part keeps the address' }],
    });
    fakeApi((req) => (req.method === 'GET' && req.path === '/api/admin/imports' ? { status: 200, body: { items: [done] } } : notFound(req)));
    renderWithProviders(<AdminImports />);
    const item = await screen.findByText('Picture https://cdn.example/p.html is not a picture (text/html): the part keeps the address');
    expect(item.tagName).toBe('LI');
    expect(screen.queryByText('Line 0')).toBeNull();
  });

  it('polls a running job every second and cancels it', async () => {
    let reads = 0;
    const running = job({ status: 'running', rowsRead: 500, rowsWritten: 500, errorCount: 0, errors: [] });
    const api = fakeApi((req) => {
      if (req.method === 'GET' && req.path === '/api/admin/imports') {
        reads++;
        return { status: 200, body: { items: [{ ...running, rowsRead: 500 * reads, rowsWritten: 500 * reads }] } };
      }
      if (req.method === 'POST' && req.path.endsWith('/cancel')) return { status: 200, body: { ...running, cancelRequested: true } };
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminImports />);
    await screen.findByText('500 rows read, 500 written, 0 errors');
    // The next poll comes by itself.
    await screen.findByText('1,000 rows read, 1,000 written, 0 errors', {}, { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Cancel the import of feed.csv' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/cancel'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Commit the import of feed.csv' })).toBeNull();
  });

  it('uploads the file with its kind, and says when no file is chosen', async () => {
    const api = fakeApi((req) => {
      if (req.method === 'GET' && req.path === '/api/admin/imports') return { status: 200, body: { items: [] } };
      if (req.method === 'POST' && req.path === '/api/admin/imports') return { status: 202, body: job({ status: 'queued', fileName: 'new.csv' }) };
      return notFound(req);
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminImports />);
    expect(await screen.findByText('No imports yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload and read' }));
    expect(screen.getByRole('alert').textContent).toBe('File is Required');
    await user.upload(screen.getByLabelText('File'), new File(['sku,name\n'], 'new.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload and read' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/admin/imports')).toBe(true));
    const sent = api.calls.find((c) => c.method === 'POST')!.raw as FormData;
    expect(sent.get('kind')).toBe('catalog-csv');
    expect((sent.get('file') as File).name).toBe('new.csv');
  });
});
