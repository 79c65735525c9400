import { useState } from 'react';
import { taxAdminCopy } from '@shop/shared/copy/shipping-admin';
import type { TaxRate } from '@shop/shared/schemas/shipping-tax';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { DashboardPageHeader } from '../../dashboard/components/dashboard-page-header';
import { useDeleteTaxRate } from '../api/shipping-admin';
import { rateDisplayName } from '../shipping-form';
import { cardClass } from './form-parts';
import { TaxRateFormDialog } from './tax-rate-form-dialog';
import { TaxRatesTable } from './tax-rates';
import { TaxSettingsForm } from './tax-settings-form';

const t = taxAdminCopy;
const heading = 'font-display text-xl font-bold uppercase tracking-wide';

/** Issue #24 item 5: the admin's Tax page — the prices-include-tax setting and the tax rates. */
export function TaxAdmin() {
  // undefined: the form of a new rate; null: no rate form open.
  const [rateForm, setRateForm] = useState<TaxRate | undefined | null>(null);
  const [rateToDelete, setRateToDelete] = useState<TaxRate | null>(null);
  const deleteRate = useDeleteTaxRate();
  return (
    <section aria-labelledby="tax-title">
      <DashboardPageHeader id="tax-title" title={t.title} intro={t.intro} />
      <div className="flex flex-col gap-6">
        <section aria-labelledby="tax-setting" className={cardClass}>
          <h3 id="tax-setting" className={`${heading} mb-4`}>
            {t.settingTitle}
          </h3>
          <TaxSettingsForm />
        </section>
        <section aria-labelledby="tax-rates" className={cardClass}>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h3 id="tax-rates" className={heading}>
              {t.ratesTitle}
            </h3>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setRateForm(undefined)}>
              <span aria-hidden="true">+</span> {t.addRate}
            </button>
          </div>
          <TaxRatesTable onEdit={setRateForm} onDelete={setRateToDelete} />
        </section>
      </div>
      <TaxRateFormDialog rate={rateForm} onClose={() => setRateForm(null)} />
      <ConfirmDialog
        open={rateToDelete !== null}
        title={rateToDelete ? t.confirmDeleteRate(rateDisplayName(rateToDelete)) : ''}
        confirmLabel={t.delete}
        cancelLabel={t.keep}
        pending={deleteRate.isPending}
        onCancel={() => setRateToDelete(null)}
        onConfirm={() =>
          rateToDelete && mutateThenClose(deleteRate, rateToDelete._id, t.rateDeleted(rateDisplayName(rateToDelete)), () => setRateToDelete(null))
        }
      >
        <p>{t.confirmDeleteRateHint}</p>
      </ConfirmDialog>
    </section>
  );
}
