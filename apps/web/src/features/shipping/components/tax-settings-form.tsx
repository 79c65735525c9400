import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { taxAdminCopy } from '@shop/shared/copy/shipping-admin';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { toastSuccess } from '../../../lib/toast';
import { taxSettingsQueryOptions, useSaveTaxSettings } from '../api/shipping-admin';
import { FormAlert, SubmitButton } from './form-parts';

const t = taxAdminCopy;

/** The shop's one tax setting: whether catalogue prices are entered with tax in them (EU) or without (US). */
export function TaxSettingsForm() {
  const settings = useQuery(taxSettingsQueryOptions());
  if (settings.isPending) return <Skeleton className="h-48 w-full" />;
  if (settings.isError) return <LoadError message={settings.error.message} onRetry={() => void settings.refetch()} />;
  return <SettingsForm saved={settings.data.pricesIncludeTax} />;
}

function SettingsForm({ saved }: { saved: boolean }) {
  const id = useId();
  const save = useSaveTaxSettings();
  const [include, setInclude] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const options = [
    { value: true, label: t.includeTax, hint: t.includeTaxHint },
    { value: false, label: t.excludeTax, hint: t.excludeTaxHint },
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate({ pricesIncludeTax: include }, { onSuccess: (s) => toastSuccess(t.settingSaved(s.pricesIncludeTax)), onError: (err) => setError(err.message) });
  };
  return (
    <form id={`${id}-form`} onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold">{t.settingLegend}</legend>
        <div className="grid gap-3 md:grid-cols-2">
          {options.map((o) => (
            <label
              key={String(o.value)}
              className={`flex cursor-pointer items-start gap-3 rounded-field border-2 p-4 transition-colors ${
                include === o.value ? 'border-primary bg-primary/5' : 'border-base-300 hover:border-base-content/40'
              }`}
            >
              <input
                type="radio"
                name={`${id}-include`}
                className="radio radio-primary mt-0.5"
                checked={include === o.value}
                onChange={() => setInclude(o.value)}
                aria-describedby={`${id}-${String(o.value)}-hint`}
              />
              <span className="flex flex-col gap-1">
                <span className="font-semibold">{o.label}</span>
                <span id={`${id}-${String(o.value)}-hint`} className="text-sm text-base-content/80">
                  {o.hint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton form={`${id}-form`} pending={save.isPending} label={t.saveSetting} pendingLabel={t.saving} />
        <p className="text-sm font-medium text-base-content/80" role="status">
          {t.current(saved)}
        </p>
      </div>
      <FormAlert message={error} />
    </form>
  );
}
