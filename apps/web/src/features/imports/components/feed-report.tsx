import { useState } from 'react';
import { importsCopy } from '@shop/shared/copy/imports';
import { FEED_REPORT_SECTION_LABELS, FEED_REPORT_SECTIONS, type FeedReport, type FeedReportExample } from '@shop/shared/schemas/feeds';
import { downloadText } from '../../../lib/download';
import { toastError } from '../../../lib/toast';
import { fetchImportReportCsv } from '../api/import-jobs';

const t = importsCopy;

const exampleText = (e: FeedReportExample) => [e.brand, e.partNumber, e.vehicle, e.position].filter(Boolean).join(' · ');

/**
 * Issue #35 item 3 (decision 201): a feed's data-quality report on the Imports page: the summary, each section that
 * found something with its count and up to 10 examples, what the commit does (notes), and the report as CSV.
 */
export function FeedReportView({ jobId, fileName, report }: { jobId: string; fileName: string; report: FeedReport }) {
  const [downloading, setDownloading] = useState(false);
  const sections = FEED_REPORT_SECTIONS.filter((name) => report.sections[name].count > 0);
  const download = async () => {
    setDownloading(true);
    try {
      downloadText(`${fileName.replace(/\.[^.]*$/, '') || 'feed'}-report.csv`, await fetchImportReportCsv(jobId));
    } catch (err) {
      toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="mt-3">
      <h4 className="font-semibold">{t.feedReportTitle}</h4>
      <p className="text-sm">
        {t.feedSummary(report.kind, report.submissionType, report.records, report.adds, report.deletes)}
        {report.declaredCount !== null && report.declaredCount !== report.records ? ` ${t.feedDeclared(report.declaredCount)}` : ''}
      </p>
      {sections.length === 0 && <p className="text-sm">{t.feedClean}</p>}
      {sections.map((name) => {
        const section = report.sections[name];
        const label = FEED_REPORT_SECTION_LABELS[name];
        return (
          // A group, not a region: several jobs may each show an "Invalid values" section, and landmarks should be unique.
          <div key={name} role="group" aria-label={label} className="mt-2">
            <h5 className="text-sm font-semibold">{t.sectionCount(label, section.count)}</h5>
            <ul className="mt-1 list-inside list-disc text-sm">
              {section.examples.map((e, i) => (
                <li key={`${e.line}-${i}`}>
                  {e.line !== null && <strong>{t.exampleLine(e.line)}</strong>}
                  {e.line !== null && ': '}
                  {exampleText(e) && <span>{exampleText(e)} — </span>}
                  {e.message}
                </li>
              ))}
            </ul>
            {section.count > section.examples.length && <p className="text-sm">{t.sectionMore(section.examples.length, section.count)}</p>}
          </div>
        );
      })}
      {report.notes && report.notes.length > 0 && (
        <>
          <h5 className="mt-2 text-sm font-semibold">{t.notesTitle}</h5>
          <ul className="mt-1 list-inside list-disc text-sm">
            {report.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </>
      )}
      <button
        type="button"
        className="btn btn-link btn-sm mt-2 px-0"
        aria-label={t.downloadReportOf(fileName)}
        disabled={downloading}
        onClick={() => void download()}
      >
        {t.downloadReport}
      </button>
    </div>
  );
}
