import { formatCount } from '../intl';
import type { ImportJobStatus } from '../schemas/import-job';

/** Issue #35 item 2 (decision 200): the admin's feed imports, run as background jobs. */
export const importsCopy = {
  navLabel: 'Imports',
  title: 'Feed imports',
  intro:
    'Upload a catalogue CSV, a brand’s PIES product feed or its ACES fitment feed (XML): it is read in the background, and nothing changes in the shop until you commit it. Leave the page and come back: the progress stays.',
  uploadTitle: 'New import',
  kindLabel: 'Kind of file',
  kinds: { 'catalog-csv': 'Catalogue CSV (the export format)', pies: 'PIES product feed (XML)', aces: 'ACES fitment feed (XML)' } as Record<string, string>,
  fileLabel: 'File',
  fileRequired: 'File is Required',
  upload: 'Upload and read',
  uploading: 'Uploading…',
  uploaded: (name: string) => `${name} is uploaded; it is read in the background.`,
  listTitle: 'Imports',
  tableLabel: 'Import jobs',
  empty: 'No imports yet.',
  colFile: 'File',
  colStatus: 'Status',
  colProgress: 'Progress',
  colActions: 'Actions',
  status: {
    queued: 'Queued',
    running: 'Reading',
    ready: 'Ready to commit',
    committing: 'Committing',
    done: 'Done',
    failed: 'Failed',
    cancelled: 'Cancelled',
    discarded: 'Discarded',
  } satisfies Record<ImportJobStatus, string>,
  progressLabel: (name: string) => `Rows of ${name} read`,
  counts: (read: number, written: number, errors: number) =>
    `${formatCount(read)} rows read, ${formatCount(written)} written, ${formatCount(errors)} ${errors === 1 ? 'error' : 'errors'}`,
  result: (created: number, updated: number, unchanged: number, deleted = 0) =>
    `${formatCount(created)} created, ${formatCount(updated)} updated, ${formatCount(unchanged)} unchanged${deleted ? `, ${formatCount(deleted)} deleted` : ''}`,
  cancel: 'Cancel',
  cancelOf: (name: string) => `Cancel the import of ${name}`,
  commit: 'Commit',
  commitOf: (name: string) => `Commit the import of ${name}`,
  discard: 'Discard',
  discardOf: (name: string) => `Discard the import of ${name}`,
  summaryTitle: (name: string) => `Report of ${name}`,
  summaryReady: (rows: number, errors: number) =>
    `${formatCount(rows)} ${rows === 1 ? 'row is' : 'rows are'} ready to apply.${errors ? ` ${formatCount(errors)} ${errors === 1 ? 'row has an error and is' : 'rows have errors and are'} left out.` : ''}`,
  errorsTitle: 'Rows with errors',
  errorLine: (line: number) => `Line ${formatCount(line)}`,
  moreErrors: (shown: number, total: number) => `The first ${formatCount(shown)} of ${formatCount(total)} errors.`,
  // Issue #35 item 3 (decision 201): a feed's data-quality report.
  feedReportTitle: 'Feed report',
  feedSummary: (kind: string, submission: string, records: number, adds: number, deletes: number) =>
    `${kind.toUpperCase()} ${submission === 'FULL' ? 'full feed' : 'update'}: ${formatCount(records)} ${records === 1 ? 'record' : 'records'}, ${formatCount(adds)} to add or change, ${formatCount(deletes)} to delete.`,
  feedDeclared: (declared: number) => `The file declares ${formatCount(declared)}.`,
  feedClean: 'No problems found in the feed.',
  sectionCount: (label: string, count: number) => `${label}: ${formatCount(count)}`,
  sectionMore: (shown: number, total: number) => `The first ${formatCount(shown)} of ${formatCount(total)}.`,
  exampleLine: (line: number) => `Line ${formatCount(line)}`,
  notesTitle: 'What the commit does',
  downloadReport: 'Download report (CSV)',
  downloadReportOf: (name: string) => `Download report (CSV) of ${name}`,
  committed: (name: string) => `${name}: the commit is under way.`,
  discarded: (name: string) => `${name} is discarded; the catalogue is unchanged.`,
  cancelled: (name: string) => `${name}: cancel asked.`,
};
