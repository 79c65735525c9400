import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FeedReport, FeedReportExample } from '@shop/shared/schemas/feeds';
import type { ImportJob } from '@shop/shared/schemas/import-job';
import { AdminImports } from './admin-imports';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { fakeApi, notFound } from '../../../testing/fake-api';

/** Issue #35 item 3 (decision 201): a PIES job's report on the Imports page, and its CSV download. */

const section = (count: number, examples: Partial<FeedReportExample>[] = []) => ({
  count,
  examples: examples.map((e) => ({ line: null, brand: null, partNumber: null, vehicle: null, position: null, message: '', ...e })),
});

const report: FeedReport = {
  kind: 'pies',
  submissionType: 'FULL',
  version: '7.2',
  brand: 'FDCO',
  records: 40,
  adds: 40,
  deletes: 0,
  declaredCount: 41,
  sections: {
    // 12 found, 10 kept as examples (the API's cap).
    invalid: section(
      12,
      Array.from({ length: 10 }, (_, i) => ({ line: 10 + i, brand: 'FeedCo', partNumber: `FC-${i}`, message: `Price “x${i}” is not a number` })),
    ),
    duplicates: section(1, [{ line: 30, brand: 'FeedCo', partNumber: 'fc 1', message: 'The same brand and part number as line 11' }]),
    overlaps: section(0),
    unknownVehicles: section(0),
    unknownParts: section(0),
    missingFromFull: section(1, [{ brand: 'FeedCo', partNumber: 'FC-GONE', message: 'In the shop but not in this FULL feed: it would be discontinued' }]),
  },
  notes: [
    '1 part would be discontinued (1 missing from this FULL feed, 0 deleted by it): the shop has no discontinued flag yet, so the commit leaves them as they are.',
  ],
};

const job: ImportJob = {
  id: '00000000-0000-4000-8000-000000000002',
  kind: 'pies',
  fileName: 'feedco.xml',
  status: 'ready',
  rowsRead: 40,
  rowsWritten: 27,
  errorCount: 13,
  errors: [{ line: 10, message: 'Price “x0” is not a number' }],
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
  report,
};

afterEach(() => vi.unstubAllGlobals());

describe('FeedReportView', () => {
  it('shows each section that found something with its count and examples, the notes, and downloads the CSV', async () => {
    const api = fakeApi((req) => {
      if (req.method === 'GET' && req.path === '/api/admin/imports') return { status: 200, body: { items: [job] } };
      if (req.method === 'GET' && req.path === `/api/admin/imports/${job.id}/report.csv`) return { status: 200, body: 'section,total\nSummary,40\n' };
      return notFound(req);
    });
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:report';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderWithProviders(<AdminImports />);
    const region = await screen.findByRole('region', { name: 'Report of feedco.xml' });
    expect(within(region).getByText('PIES full feed: 40 records, 40 to add or change, 0 to delete. The file declares 41.')).toBeTruthy();

    const invalid = within(region).getByRole('group', { name: 'Invalid values' });
    expect(within(invalid).getByText('Invalid values: 12')).toBeTruthy();
    expect(within(invalid).getAllByRole('listitem')).toHaveLength(10);
    expect(within(invalid).getByText('The first 10 of 12.')).toBeTruthy();
    expect(within(invalid).getAllByRole('listitem')[0].textContent).toBe('Line 10: FeedCo · FC-0 — Price “x0” is not a number');
    const missing = within(region).getByRole('group', { name: 'In the shop, missing from the full feed' });
    expect(within(missing).getByText('In the shop, missing from the full feed: 1')).toBeTruthy();
    expect(within(missing).getByRole('listitem').textContent).toBe('FeedCo · FC-GONE — In the shop but not in this FULL feed: it would be discontinued');
    expect(within(region).getByRole('group', { name: 'Duplicates' })).toBeTruthy();
    // Sections that found nothing are not shown.
    expect(within(region).queryByRole('group', { name: 'Overlaps' })).toBeNull();
    expect(within(region).getByText(/would be discontinued \(1 missing from this FULL feed/)).toBeTruthy();

    await user.click(within(region).getByRole('button', { name: 'Download report (CSV) of feedco.xml' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.calls.some((c) => c.method === 'GET' && c.path === `/api/admin/imports/${job.id}/report.csv`)).toBe(true);
    expect(await (createObjectURL.mock.calls[0][0] as Blob).text()).toBe('section,total\nSummary,40\n');
  });

  it('says so when the feed is clean', async () => {
    const clean: FeedReport = {
      ...report,
      declaredCount: 40,
      sections: Object.fromEntries(Object.keys(report.sections).map((k) => [k, section(0)])) as FeedReport['sections'],
      notes: [],
    };
    fakeApi((req) => {
      if (req.method === 'GET' && req.path === '/api/admin/imports')
        return { status: 200, body: { items: [{ ...job, errorCount: 0, errors: [], report: clean }] } };
      return notFound(req);
    });
    renderWithProviders(<AdminImports />);
    const region = await screen.findByRole('region', { name: 'Report of feedco.xml' });
    expect(within(region).getByText('No problems found in the feed.')).toBeTruthy();
    expect(within(region).getByText('PIES full feed: 40 records, 40 to add or change, 0 to delete.')).toBeTruthy();
  });
});
