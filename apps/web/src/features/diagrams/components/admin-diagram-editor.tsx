import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { diagramsCopy } from '@shop/shared/copy/diagrams';
import { hotspotAt } from '@shop/shared/diagrams';
import type { AdminDiagram } from '@shop/shared/schemas/diagram';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { toastError, toastSuccess } from '../../../lib/toast';
import { CalloutImportError, exportCallouts, useImportCallouts, usePlaceHotspot, type CalloutProblem } from '../api/admin-diagrams';

const t = diagramsCopy;
const subheading = 'mb-3 font-display text-lg font-bold uppercase tracking-wide';

/** Editing one diagram (admin): its callouts from and to CSV, and placing each callout's hotspot on the drawing. */
export function AdminDiagramEditor({ diagram, onClose }: { diagram: AdminDiagram; onClose(): void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The editor opens below the list: take the focus (and the view) there.
  useEffect(() => {
    headingRef.current?.focus();
  }, [diagram._id]);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 ref={headingRef} tabIndex={-1} className="font-display text-xl font-bold uppercase tracking-wide wrap-anywhere focus:outline-none">
          {t.editTitle(diagram.name)}
        </h3>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {t.closeEditor}
        </button>
      </div>
      <CalloutsCsv diagram={diagram} />
      <PlaceHotspot diagram={diagram} />
    </div>
  );
}

function CalloutsCsv({ diagram }: { diagram: AdminDiagram }) {
  const id = useId();
  const importer = useImportCallouts();
  const [error, setError] = useState<{ message: string; problems: CalloutProblem[] } | null>(null);
  const [exporting, setExporting] = useState(false);

  const send = async (file: File) => {
    setError(null);
    importer.mutate(
      { id: diagram._id, csv: await file.text() },
      {
        onSuccess: (res) => toastSuccess(t.imported(res.imported)),
        onError: (err) => setError({ message: err.message, problems: err instanceof CalloutImportError ? err.problems : [] }),
      },
    );
  };
  const download = () => {
    setExporting(true);
    exportCallouts(diagram)
      .catch((err: Error) => toastError(err.message))
      .finally(() => setExporting(false));
  };

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h4 id={`${id}-title`} className={subheading}>
        {t.calloutsTitle}
      </h4>
      <p className="text-sm text-base-content/80">{t.csvHint}</p>
      <div className="flex flex-wrap gap-2">
        <label
          className={`btn btn-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${importer.isPending ? 'btn-disabled' : ''}`}
        >
          {importer.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {importer.isPending ? t.importing : t.importCsv}
          <input
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            disabled={importer.isPending}
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              e.target.value = '';
              if (chosen) void send(chosen);
            }}
          />
        </label>
        <button type="button" className="btn btn-outline" onClick={download} disabled={exporting} aria-busy={exporting}>
          {exporting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {t.exportCsv}
        </button>
      </div>
      <div aria-live="polite">
        {error && (
          <div role="alert" className="rounded-box border border-error/40 bg-error/10 p-4">
            {error.problems.length > 0 ? (
              <>
                <p className="font-semibold text-error">{t.problemsTitle(error.problems.length)}</p>
                <ul className="mt-2 flex max-h-60 flex-col gap-1 overflow-y-auto text-sm wrap-anywhere">
                  {error.problems.map((p) => (
                    <li key={`${p.line}-${p.message}`}>
                      <span className="font-semibold">{t.line(p.line)}:</span> {p.message}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="font-medium text-error wrap-anywhere">{error.message}</p>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

function PlaceHotspot({ diagram }: { diagram: AdminDiagram }) {
  const id = useId();
  const place = usePlaceHotspot();
  const callouts = diagram.callouts;
  const [picked, setPicked] = useState<number | null>(null);
  // Until the admin picks one (or after an import drops the picked number), the first callout.
  const callout = callouts.find((c) => c.number === picked) ?? callouts[0] ?? null;
  const chosen = callout?.number ?? null;
  const [centre, setCentre] = useState({ x: '', y: '' });
  const [errors, setErrors] = useState<{ x?: string; y?: string }>({});

  const send = (cx: number, cy: number) => {
    if (!callout) {
      toastError(t.placeNone);
      return;
    }
    place.mutate(
      { id: diagram._id, number: callout.number, box: hotspotAt(cx, cy, callout.w, callout.h) },
      { onSuccess: () => toastSuccess(t.placed(callout.number)), onError: (err) => toastError(err.message) },
    );
  };

  const clickDrawing = (e: MouseEvent<HTMLImageElement>) => {
    const img = e.currentTarget;
    if (!img.clientWidth || !img.clientHeight) return;
    const cx = (e.nativeEvent.offsetX / img.clientWidth) * 100;
    const cy = (e.nativeEvent.offsetY / img.clientHeight) * 100;
    setCentre({ x: String(Math.round(cx * 10) / 10), y: String(Math.round(cy * 10) / 10) });
    setErrors({});
    send(cx, cy);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const read = (s: string) => {
      const n = s.trim() === '' ? NaN : Number(s);
      return Number.isFinite(n) && n >= 0 && n <= 100 ? n : null;
    };
    const x = read(centre.x);
    const y = read(centre.y);
    if (x === null || y === null) {
      setErrors({ x: x === null ? t.placeOutOfRange : undefined, y: y === null ? t.placeOutOfRange : undefined });
      return;
    }
    send(x, y);
  };

  const ids = { callout: `${id}-callout`, x: `${id}-x`, y: `${id}-y` };
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h4 id={`${id}-title`} className={subheading}>
        {t.placeTitle}
      </h4>
      {callouts.length === 0 ? (
        <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-4">{t.noCalloutsYet}</p>
      ) : (
        <>
          <p className="text-sm text-base-content/80">{t.placeHint}</p>
          <form onSubmit={submit} noValidate className="grid items-start gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
            <FormField id={ids.callout} label={t.placeChoose}>
              <select id={ids.callout} className="select w-full" value={chosen ?? ''} onChange={(e) => setPicked(Number(e.target.value))}>
                {callouts.map((c) => (
                  <option key={c.number} value={c.number}>
                    {t.calloutOption(c.number, c.label || c.partNumber)}
                  </option>
                ))}
              </select>
            </FormField>
            {(['x', 'y'] as const).map((axis) => (
              <FormField key={axis} id={ids[axis]} label={axis === 'x' ? t.placeX : t.placeY} error={errors[axis]}>
                <input
                  id={ids[axis]}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  step={0.1}
                  className="input w-full tabular-nums aria-invalid:border-error"
                  value={centre[axis]}
                  onChange={(e) => {
                    setCentre((c) => ({ ...c, [axis]: e.target.value }));
                    setErrors((er) => ({ ...er, [axis]: undefined }));
                  }}
                  {...fieldAria(ids[axis], { error: errors[axis] })}
                />
              </FormField>
            ))}
            <button type="submit" className="btn btn-primary sm:mt-6" disabled={place.isPending} aria-busy={place.isPending}>
              {place.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {place.isPending ? t.placing : t.place}
            </button>
          </form>
          <p className="text-xs text-base-content/75">{t.placeKeyboardHint}</p>
        </>
      )}
      <div className="relative w-full overflow-hidden rounded-field border border-base-300 bg-base-100">
        {/* The pointer's way to place; the form above is the keyboard's. */}
        <img
          src={diagram.imageUrl}
          alt={t.drawing(diagram.name)}
          width={diagram.imageWidth}
          height={diagram.imageHeight}
          className={`block h-auto w-full ${callout ? 'cursor-crosshair' : ''}`}
          onClick={clickDrawing}
        />
        <div className="pointer-events-none absolute inset-0" aria-hidden="true">
          {callouts.map((c) => (
            <div
              key={c.number}
              className={`absolute rounded-sm border-2 ${c.number === chosen ? 'border-accent bg-accent/25' : 'border-primary bg-primary/10'}`}
              style={{ left: `${c.x}%`, top: `${c.y}%`, width: `${c.w}%`, height: `${c.h}%` }}
            >
              <span className={`badge badge-xs absolute -top-2 -left-2 font-semibold tabular-nums ${c.number === chosen ? 'badge-accent' : 'badge-primary'}`}>
                {c.number}
              </span>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
