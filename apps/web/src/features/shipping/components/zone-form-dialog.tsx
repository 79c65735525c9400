import { useId, useState, type FormEvent } from 'react';
import { shippingAdminCopy } from '@shop/shared/copy/shipping-admin';
import { countryName, regionsOf } from '@shop/shared/address';
import { shippingZoneInputSchema, type ShippingZone, type ShippingZoneInput } from '@shop/shared/schemas/shipping-tax';
import { Modal } from '../../../components/ui/modal';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { toastSuccess } from '../../../lib/toast';
import { useSaveZone } from '../api/shipping-admin';
import type { FormErrors } from '../shipping-form';
import { CountryPicker } from './country-picker';
import { FormAlert, SubmitButton } from './form-parts';

const t = shippingAdminCopy;

/** `zone` undefined: a new zone; null: closed. */
export function ZoneFormDialog({ zone, onClose }: { zone: ShippingZone | undefined | null; onClose(): void }) {
  const formId = useId();
  const save = useSaveZone();
  const [serverError, setServerError] = useState<string | null>(null);
  const close = () => {
    setServerError(null);
    save.reset();
    onClose();
  };
  const submit = (input: ShippingZoneInput) => {
    setServerError(null);
    save.mutate(
      { zoneId: zone?._id, input },
      {
        onSuccess: (saved) => {
          toastSuccess(zone ? t.zoneSaved(saved.name) : t.zoneAdded(saved.name));
          close();
        },
        onError: (err) => setServerError(err.message),
      },
    );
  };
  return (
    <Modal
      open={zone !== null}
      onClose={close}
      title={zone ? t.editZoneTitle(zone.name) : t.addZoneTitle}
      size="lg"
      closeLabel={t.close}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={close} disabled={save.isPending}>
            {t.cancel}
          </button>
          <SubmitButton form={formId} pending={save.isPending} label={zone ? t.saveZone : t.addZoneButton} pendingLabel={t.saving} />
        </>
      }
    >
      {zone !== null && <ZoneForm id={formId} zone={zone} serverError={serverError} onSubmit={submit} />}
    </Modal>
  );
}

/** Codes typed as "BY, be" → ['BY', 'BE']. */
export const parseRegionCodes = (text: string) =>
  text
    .split(/[,;\s]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);

export function ZoneForm({
  id,
  zone,
  serverError,
  onSubmit,
}: {
  id: string;
  zone?: ShippingZone;
  serverError?: string | null;
  onSubmit(input: ShippingZoneInput): void;
}) {
  const [name, setName] = useState(zone?.name ?? '');
  const [countries, setCountries] = useState<string[]>(zone?.countries ?? []);
  // Regions of the listed countries (US, CA, AU) are ticked; any other code is typed.
  const listedCodes = (codes: string[]) => new Set(codes.flatMap((c) => (regionsOf(c) ?? []).map((r) => r.code)));
  const [ticked, setTicked] = useState<Set<string>>(() => {
    const listed = listedCodes(zone?.countries ?? []);
    return new Set((zone?.regions ?? []).filter((r) => listed.has(r)));
  });
  const [other, setOther] = useState(() => {
    const listed = listedCodes(zone?.countries ?? []);
    return (zone?.regions ?? []).filter((r) => !listed.has(r)).join(', ');
  });
  const [errors, setErrors] = useState<FormErrors>({});

  const withRegions = countries.filter((c) => regionsOf(c)).sort((a, b) => (countryName(a) ?? a).localeCompare(countryName(b) ?? b, 'en'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const listed = listedCodes(countries);
    const regions = [...new Set([...[...ticked].filter((r) => listed.has(r)), ...parseRegionCodes(other)])];
    const next: FormErrors = {};
    if (countries.length === 0) next.countries = t.countriesRequired;
    const parsed = shippingZoneInputSchema.safeParse({ name, countries, regions });
    if (!parsed.success) for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'root')] ??= issue.message;
    setErrors(next);
    if (parsed.success && Object.keys(next).length === 0) onSubmit(parsed.data);
  };

  const ids = { name: `${id}-name`, countries: `${id}-countries`, other: `${id}-other` };
  return (
    <form id={id} onSubmit={submit} noValidate className="flex flex-col gap-5">
      <FormField id={ids.name} label={t.zoneName} hint={t.zoneNameHint} error={errors.name}>
        <input
          id={ids.name}
          className="input w-full aria-invalid:border-error"
          maxLength={80}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors((x) => ({ ...x, name: '' }));
          }}
          {...fieldAria(ids.name, { hint: true, error: errors.name })}
        />
      </FormField>
      <CountryPicker
        id={ids.countries}
        value={countries}
        error={errors.countries}
        onChange={(next) => {
          setCountries(next);
          setErrors((x) => ({ ...x, countries: '' }));
        }}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold">{t.regionsTitle}</legend>
        <p className="text-xs text-base-content/75">{t.regionsHint}</p>
        {withRegions.map((code) => (
          <fieldset key={code} className="rounded-field border border-base-300 bg-base-200 px-2 pb-2">
            <legend className="px-1 text-sm font-semibold">{t.regionsOf(countryName(code) ?? code)}</legend>
            <div className="max-h-48 overflow-y-auto">
              <ul className="grid gap-0.5 sm:grid-cols-2">
                {(regionsOf(code) ?? []).map((r) => (
                  <li key={r.code}>
                    <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded-field px-2 hover:bg-base-300">
                      <input
                        type="checkbox"
                        className="checkbox checkbox-sm checkbox-primary"
                        checked={ticked.has(r.code)}
                        onChange={(e) =>
                          setTicked((s) => {
                            const next = new Set(s);
                            if (e.target.checked) next.add(r.code);
                            else next.delete(r.code);
                            return next;
                          })
                        }
                      />
                      <span className="min-w-0 flex-1">{r.name}</span>
                      <span className="font-mono text-xs text-base-content/70" aria-hidden="true">
                        {r.code}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          </fieldset>
        ))}
        <FormField id={ids.other} label={t.otherRegions} hint={t.otherRegionsHint} error={errors.regions}>
          <input
            id={ids.other}
            className="input w-full font-mono aria-invalid:border-error"
            value={other}
            onChange={(e) => setOther(e.target.value)}
            {...fieldAria(ids.other, { hint: true, error: errors.regions })}
          />
        </FormField>
      </fieldset>
      <FormAlert message={serverError ?? errors.root} />
    </form>
  );
}
