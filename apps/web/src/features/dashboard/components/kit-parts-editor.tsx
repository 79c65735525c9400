import { useId, useState, type FormEvent } from 'react';
import { kitsCopy } from '@shop/shared/copy/kits';
import { MAX_KIT_COMPONENTS, MAX_KIT_COMPONENT_QUANTITY, kitInputSchema, type KitComponent } from '@shop/shared/schemas/kit';
import type { Product } from '@shop/shared/schemas/product';
import { fieldAria, fieldErrorId } from '../../../components/ui/form-field';
import { toastSuccess } from '../../../lib/toast';
import { useSetKitParts } from '../api/set-kit-parts';

const t = kitsCopy;

/** A row as the editor holds it: what the admin typed. */
interface KitRow {
  sku: string;
  quantity: string;
}

const rowsOf = (components: readonly KitComponent[] | undefined): KitRow[] => (components ?? []).map((c) => ({ sku: c.sku, quantity: String(c.quantity) }));

type RowErrors = Record<number, Partial<Record<keyof KitRow, string>>>;

interface KitPartsEditorProps {
  product: Pick<Product, '_id' | 'sku' | 'stock' | 'kitComponents'>;
  /** After the parts were saved (the kit's stock and version changed on the server). */
  onSaved?(components: KitComponent[]): void;
}

/**
 * Issue #36 item 2 (decision 220): the admin's "Kit parts" on the product's edit page. Rows of part number and pieces
 * per kit, added and removed; Save sends the whole list (PUT /admin/products/{id}/kit), an empty one makes the
 * product a plain part again. The shop's answer to a refused list (an unknown number, a kit in a kit, stock of its
 * own) is shown as it comes.
 */
export function KitPartsEditor({ product, onSaved }: KitPartsEditorProps) {
  const id = useId();
  const [rows, setRows] = useState<KitRow[]>(() => rowsOf(product.kitComponents));
  const [isKit, setIsKit] = useState(() => (product.kitComponents?.length ?? 0) > 0);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const [error, setError] = useState<string | null>(null);
  const save = useSetKitParts();

  const set = (i: number, box: keyof KitRow, next: string) => setRows((list) => list.map((row, j) => (j === i ? { ...row, [box]: next } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setRowErrors({});
    const parsed = kitInputSchema.safeParse({ components: rows.map((r) => ({ sku: r.sku, quantity: r.quantity.trim() === '' ? undefined : r.quantity })) });
    if (!parsed.success) {
      const byRow: RowErrors = {};
      let listError: string | null = null;
      for (const issue of parsed.error.issues) {
        const [, i, box] = issue.path;
        if (typeof i === 'number' && (box === 'sku' || box === 'quantity')) byRow[i] = { [box]: issue.message, ...byRow[i] };
        else listError ??= issue.message;
      }
      setRowErrors(byRow);
      setError(listError);
      return;
    }
    try {
      const { components } = await save.mutateAsync({ id: product._id, ...parsed.data });
      setRows(rowsOf(components));
      setIsKit(components.length > 0);
      toastSuccess(components.length > 0 ? t.saved(product.sku, components.length) : t.unkitted(product.sku));
      onSaved?.(components);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-display text-xl font-bold uppercase">
        {t.editorTitle}
      </h2>
      <p id={`${id}-intro`} className="text-sm text-base-content/80">
        {t.editorIntro}
      </p>
      {!isKit && product.stock > 0 ? <p className="text-sm font-medium">{t.editorNoOwnStock}</p> : null}
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={headingId} className="flex flex-col gap-3">
        {rows.length === 0 ? (
          <p className="text-sm text-base-content/80">{t.editorNone}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {rows.map((row, i) => {
              const n = i + 1;
              const sId = `${id}-s-${i}`;
              const qId = `${id}-q-${i}`;
              const sError = rowErrors[i]?.sku;
              const qError = rowErrors[i]?.quantity;
              return (
                <li key={i} className="grid grid-cols-[minmax(0,1fr)_minmax(0,7rem)_auto] items-start gap-2">
                  <div className="flex flex-col gap-1">
                    <label htmlFor={sId} className="text-xs font-semibold">
                      <span aria-hidden="true">{t.sku}</span>
                      <span className="sr-only">{t.skuLabel(n)}</span>
                    </label>
                    <input
                      id={sId}
                      className="input input-sm w-full font-mono aria-invalid:border-error"
                      maxLength={60}
                      autoComplete="off"
                      spellCheck={false}
                      value={row.sku}
                      onChange={(e) => set(i, 'sku', e.target.value)}
                      {...fieldAria(sId, { error: sError })}
                    />
                    {sError && (
                      <p id={fieldErrorId(sId)} role="alert" className="text-xs font-medium text-error">
                        {sError}
                      </p>
                    )}
                  </div>
                  <div className="flex flex-col gap-1">
                    <label htmlFor={qId} className="text-xs font-semibold">
                      <span aria-hidden="true">{t.quantity}</span>
                      <span className="sr-only">{t.quantityLabel(n)}</span>
                    </label>
                    <input
                      id={qId}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={MAX_KIT_COMPONENT_QUANTITY}
                      step={1}
                      className="input input-sm w-full tabular-nums aria-invalid:border-error"
                      value={row.quantity}
                      onChange={(e) => set(i, 'quantity', e.target.value)}
                      {...fieldAria(qId, { error: qError })}
                    />
                    {qError && (
                      <p id={fieldErrorId(qId)} role="alert" className="text-xs font-medium text-error">
                        {qError}
                      </p>
                    )}
                  </div>
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost mt-5 text-error"
                    aria-label={t.remove(n)}
                    onClick={() => setRows((list) => list.filter((_, j) => j !== i))}
                  >
                    <span aria-hidden="true">✕</span>
                  </button>
                </li>
              );
            })}
          </ol>
        )}
        {error && (
          <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 text-sm font-medium text-error">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={rows.length >= MAX_KIT_COMPONENTS}
            onClick={() => setRows((list) => [...list, { sku: '', quantity: '1' }])}
          >
            {t.add}
          </button>
          <button type="submit" className="btn btn-sm btn-primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {t.save}
          </button>
        </div>
      </form>
    </section>
  );
}
