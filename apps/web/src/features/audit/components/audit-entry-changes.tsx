import { activityCopy } from '@shop/shared/copy/activity';
import type { AuditEntry } from '@shop/shared/schemas/audit';

const t = activityCopy;
/** A value in words (issue #39 item 8): lists and records read "quantity 2, reason damaged", never raw JSON. */
export function show(v: unknown): string {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'string') return v === '' ? '—' : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.length === 0 ? '—' : v.map(show).join('; ');
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k} ${show(x)}`)
      .join(', ');
  return String(v);
}

/** The changed fields of an entry as "field: before → after". */
export function AuditEntryChanges({ entry }: { entry: AuditEntry }) {
  const keys = Array.from(new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]));
  return (
    <div className="flex flex-col gap-1 text-sm">
      {keys.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          {keys.map((key) => (
            <div key={key} className="contents">
              <dt className="font-semibold">{key}</dt>
              <dd className="min-w-0 break-words">
                <span className="sr-only">{t.before}: </span>
                <span className="text-base-content/75 line-through decoration-base-content/40">{show(entry.before?.[key])}</span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only">, {t.after}: </span>
                <span className="font-medium">{show(entry.after?.[key])}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {entry.note && <p className="text-base-content/80">{entry.note}</p>}
    </div>
  );
}
