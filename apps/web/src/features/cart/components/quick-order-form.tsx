import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { QUICK_ORDER_MAX_LINES, QUICK_ORDER_MAX_TEXT, quickOrderCopy as t, quickOrderLineCount } from '@shop/shared/quick-order';
import type { QuickOrderAdded, QuickOrderProblem, QuickOrderResult } from '@shop/shared/schemas/quick-order';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../components/ui/price';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useQuickOrder } from '../api/quick-order';

/** A CSV file larger than this is more than a quick order takes. */
const MAX_FILE_BYTES = QUICK_ORDER_MAX_TEXT;

/**
 * Issue #37 item 3 (decision 202): /quick-order. The buyer pastes a list (or uploads a CSV file), checks it (the
 * server's report: the lines ready to add, and every other line with its reason), picks the part of an ambiguous
 * line, then adds every valid line to the cart in one step.
 */
export function QuickOrderForm() {
  const textId = useId();
  const hintId = useId();
  const countId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [picks, setPicks] = useState<Map<number, string>>(new Map());
  const [report, setReport] = useState<{ result: QuickOrderResult; text: string } | null>(null);
  const [done, setDone] = useState<QuickOrderResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const reportRef = useRef<HTMLHeadingElement>(null);
  const check = useQuickOrder();
  const add = useQuickOrder();
  const lineCount = quickOrderLineCount(text);
  const tooLong = lineCount > QUICK_ORDER_MAX_LINES;
  const stale = report !== null && report.text !== text;

  const runCheck = (nextPicks = picks) => {
    setDone(null);
    check.mutate(
      { text, picks: [...nextPicks].map(([line, productId]) => ({ line, productId })), dryRun: true },
      {
        onSuccess: (result) => {
          setReport({ result, text });
          requestAnimationFrame(() => reportRef.current?.focus());
        },
        onError: (err) => toastError(err.message),
      },
    );
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!tooLong && lineCount > 0) runCheck();
  };
  const onPick = (line: number, productId: string) => {
    const next = new Map(picks).set(line, productId);
    setPicks(next);
    runCheck(next);
  };
  const onAdd = () => {
    add.mutate(
      { text, picks: [...picks].map(([line, productId]) => ({ line, productId })), dryRun: false },
      {
        onSuccess: (result) => {
          setDone(result);
          setReport({ result: { ...result, added: [] }, text });
          toastSuccess(t.added(result.added.length));
        },
        onError: (err) => toastError(err.message),
      },
    );
  };
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError(t.fileTooLarge);
      return;
    }
    setText(await file.text());
    setPicks(new Map());
    setReport(null);
  };

  const result = report?.result;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <form onSubmit={onSubmit} className="flex min-w-0 flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6" noValidate>
        <div className="form-control flex flex-col gap-1">
          <label htmlFor={textId} className="font-semibold">
            {t.textLabel}
          </label>
          <p id={hintId} className="text-sm text-base-content/75">
            {t.formatHint}
          </p>
          <textarea
            id={textId}
            className={`textarea textarea-bordered w-full font-mono text-sm ${tooLong ? 'textarea-error' : ''}`}
            rows={10}
            placeholder={t.placeholder}
            value={text}
            spellCheck={false}
            autoCapitalize="off"
            aria-describedby={`${hintId} ${countId}`}
            aria-invalid={tooLong || undefined}
            onChange={(e) => {
              setText(e.target.value);
              setDone(null);
            }}
          />
          <p id={countId} className={`text-sm ${tooLong ? 'font-semibold text-error' : 'text-base-content/75'}`} aria-live="polite">
            {tooLong ? `${t.lineCount(lineCount)}. ${quickOrderTooLongText(lineCount)}` : t.lineCount(lineCount)}
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="font-semibold">
            {t.fileLabel}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="file-input file-input-bordered w-full max-w-md"
            aria-describedby={`${fileId}-hint`}
            onChange={(e) => void onFile(e)}
          />
          <p id={`${fileId}-hint`} className="text-sm text-base-content/75">
            {t.fileHint}
          </p>
          {fileError && (
            <p role="alert" className="text-sm font-semibold text-error">
              {fileError}
            </p>
          )}
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={check.isPending || tooLong || lineCount === 0} aria-busy={check.isPending}>
            {check.isPending ? t.checking : t.check}
          </button>
        </div>
      </form>

      {done && (
        <div role="status" className="alert alert-success flex flex-wrap">
          <span>{t.added(done.added.length)}</span>
          <Link to={paths.cart} className="link font-semibold">
            {t.viewCart}
          </Link>
        </div>
      )}

      {result && (
        <section aria-labelledby="quick-order-report" className="flex min-w-0 flex-col gap-6">
          <h2 id="quick-order-report" ref={reportRef} tabIndex={-1} className="sr-only">
            {t.reportTitle}
          </h2>
          {stale && (
            <p role="status" className="alert alert-warning">
              {t.changed}
            </p>
          )}
          {!done && <ValidLines added={result.added} onAdd={onAdd} adding={add.isPending} disabled={stale || check.isPending} />}
          <Problems problems={result.problems} picks={picks} onPick={onPick} disabled={check.isPending || add.isPending || stale} />
        </section>
      )}
    </div>
  );
}

const quickOrderTooLongText = (n: number) =>
  `A quick order takes at most ${QUICK_ORDER_MAX_LINES} lines at once (this list has ${n.toLocaleString('en-US')}): split it.`;

function ValidLines({ added, onAdd, adding, disabled }: { added: QuickOrderAdded[]; onAdd(): void; adding: boolean; disabled: boolean }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <h3 className="mb-3 font-display text-xl font-bold uppercase">{t.validTitle(added.length)}</h3>
      {added.length === 0 ? (
        <p className="text-base-content/80">{t.nothingValid}</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-base-300" aria-label={t.validTitle(added.length)}>
            {added.map((a) => (
              <li key={a.productId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span className="min-w-0 break-words">
                  <span className="font-semibold">{a.name}</span>{' '}
                  <span className="text-sm text-base-content/75">
                    {a.brand} · {a.sku} · {t.linesLabel(a.lines)}
                  </span>
                </span>
                <span className="whitespace-nowrap tabular-nums">
                  {t.quantityLabel} {a.quantity.toLocaleString('en-US')}
                  {a.defaultQuantity && <span className="text-sm text-base-content/75"> ({t.minOrderTaken})</span>} ·{' '}
                  <span className="font-semibold">{formatPrice(a.lineTotal)}</span>
                </span>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-primary mt-4" onClick={onAdd} disabled={adding || disabled} aria-busy={adding}>
            {adding ? t.adding : t.addValid(added.length)}
          </button>
        </>
      )}
    </div>
  );
}

function Problems({
  problems,
  picks,
  onPick,
  disabled,
}: {
  problems: QuickOrderProblem[];
  picks: Map<number, string>;
  onPick(line: number, productId: string): void;
  disabled: boolean;
}) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6">
      <h3 className="mb-3 font-display text-xl font-bold uppercase">{t.problemsTitle(problems.length)}</h3>
      {problems.length === 0 ? (
        <p className="text-base-content/80">{t.noProblems}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-base-300" aria-label={t.problemsTitle(problems.length)}>
          {problems.map((p) => (
            <li key={`${p.line}-${p.productId ?? ''}`} className="flex min-w-0 flex-col gap-1 py-2">
              <span className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold tabular-nums">{t.lineLabel(p.line)}</span>
                <code className="min-w-0 rounded bg-base-200 px-1 text-sm wrap-anywhere">{p.text}</code>
                <span className="badge badge-warning badge-sm">{t.reasons[p.reason]}</span>
              </span>
              <span className="break-words">{p.message}</span>
              {p.choices && (
                <div role="group" aria-label={`${t.choose} ${t.lineLabel(p.line)}`} className="flex flex-wrap gap-2">
                  {p.choices.map((c) => {
                    const chosen = picks.get(p.line) === c.productId;
                    return (
                      <button
                        key={c.productId}
                        type="button"
                        className={`btn btn-sm h-auto min-h-8 max-w-full whitespace-normal text-left ${chosen ? 'btn-primary' : 'btn-outline'}`}
                        aria-pressed={chosen}
                        disabled={disabled}
                        onClick={() => onPick(p.line, c.productId)}
                      >
                        {t.pick(c.name, c.brand, c.sku)}
                      </button>
                    );
                  })}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
