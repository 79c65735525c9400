import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { companiesCopy } from '@shop/shared/copy/companies';
import {
  COMPANY_ROLES,
  companyInviteInputSchema,
  type Company,
  type CompanyInvite,
  type CompanyInviteInput,
  type CompanyMember,
  type CompanyPriceList,
  type CompanyRole,
} from '@shop/shared/schemas/company';
import { Link } from 'react-router';
import { FormField, fieldAria } from '../../../components/ui/form-field';
import { formatPrice } from '../../../components/ui/price';
import { useDateFormat } from '../../../lib/date-format';
import { toastSuccess } from '../../../lib/toast';

const t = companiesCopy;
export const card = 'rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6';
export const heading = 'mb-4 font-display text-xl font-bold uppercase tracking-wide';
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/** The billing address as lines, empty ones left out. */
export function billingLines(c: Company): string[] {
  const b = c.billing;
  const cityLine = [b.postalCode, b.city].filter(Boolean).join(' ');
  return [b.line1, b.line2, [cityLine, b.region].filter(Boolean).join(', '), b.country].filter(Boolean);
}

/** A company's account: name, tax number, billing address, terms and credit limit, and (on /company) the caller's role. */
/** Issue #37 item 2 (decision 206): the company's price lists, each linked when `href` gives an address (the shop's admin). */
export function PriceListsRow({ lists, href }: { lists: CompanyPriceList[]; href?: (id: string) => string }) {
  return (
    <div className="grid min-w-0 gap-1 sm:grid-cols-[12rem_minmax(0,1fr)]">
      <dt className="font-semibold">{t.priceLists}</dt>
      <dd className="wrap-anywhere">
        {lists.length === 0 ? (
          t.noPriceLists
        ) : (
          <ul>
            {lists.map((l) => (
              <li key={l._id}>
                {href ? (
                  <Link to={href(l._id)} className="link link-hover">
                    {l.name}
                  </Link>
                ) : (
                  l.name
                )}
                {!l.current && <span className="text-base-content/80"> ({t.priceListNotCurrent})</span>}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </div>
  );
}

export function CompanySummary({ company: c, extra, after }: { company: Company; extra?: ReactNode; after?: ReactNode }) {
  const lines = billingLines(c);
  const row = 'grid min-w-0 gap-1 sm:grid-cols-[12rem_minmax(0,1fr)]';
  return (
    <dl className="grid gap-3">
      <div className={row}>
        <dt className="font-semibold">{t.name}</dt>
        <dd className="wrap-anywhere">{c.name}</dd>
      </div>
      <div className={row}>
        <dt className="font-semibold">{t.taxId}</dt>
        <dd className="wrap-anywhere">
          {c.taxId || '—'}
          {c.taxExempt && <span className="badge badge-outline badge-sm ml-2">{t.taxExempt}</span>}
        </dd>
      </div>
      <div className={row}>
        <dt className="font-semibold">{t.billing}</dt>
        <dd className="wrap-anywhere">
          {lines.length === 0 ? (
            <span className="text-base-content/75">{t.noBilling}</span>
          ) : (
            lines.map((l, i) => (
              <span key={i} className="block">
                {l}
              </span>
            ))
          )}
        </dd>
      </div>
      <div className={row}>
        <dt className="font-semibold">{t.paymentTerms}</dt>
        <dd>{t.terms(c.paymentTermsDays)}</dd>
      </div>
      <div className={row}>
        <dt className="font-semibold">{t.creditLimit}</dt>
        <dd className="tabular-nums">{formatPrice(c.creditLimit)}</dd>
      </div>
      {extra}
      {after}
    </dl>
  );
}

interface MembersListProps {
  members: CompanyMember[];
  /** The signed-in person, marked "(you)". */
  selfId?: string;
  /** The company's admin, or the shop's, changes roles and who sees all orders. */
  onChange?(member: CompanyMember, patch: { role?: CompanyRole; seesAllOrders?: boolean }): void;
  /** The member whose change is on its way (its controls wait). */
  pendingId?: string | null;
  onRemove(member: CompanyMember): void;
}

/** The company's people as cards (a phone) or rows that wrap: name, e-mail, role, who sees all orders, Remove. */
export function MembersList({ members, selfId, onChange, pendingId, onRemove }: MembersListProps) {
  const id = useId();
  const date = useDateFormat(DAY);
  if (members.length === 0) return <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.noMembers}</p>;
  return (
    <ul aria-label={t.membersTitle} className="grid gap-3">
      {members.map((m) => {
        const label = m.name || m.email;
        const busy = pendingId === m.userId;
        return (
          <li key={m.userId} className="flex min-w-0 flex-wrap items-center gap-x-6 gap-y-3 rounded-box border border-base-300 bg-base-100 p-4">
            <div className="min-w-0 flex-1 basis-56">
              <p className="font-semibold wrap-anywhere">
                {label} {m.userId === selfId && <span className="font-normal text-base-content/75">{t.you}</span>}
              </p>
              {m.name && <p className="text-sm wrap-anywhere text-base-content/80">{m.email}</p>}
              <p className="text-xs text-base-content/75">{t.joinedOn(date(m.joinedAt))}</p>
            </div>
            {onChange ? (
              <div className="flex flex-wrap items-center gap-4">
                <div className="flex flex-col gap-1">
                  <label htmlFor={`${id}-${m.userId}-role`} className="sr-only">
                    {t.roleOf(label)}
                  </label>
                  <select
                    id={`${id}-${m.userId}-role`}
                    className="select select-sm w-32"
                    value={m.role}
                    disabled={busy}
                    onChange={(e) => onChange(m, { role: e.target.value as CompanyRole })}
                  >
                    {COMPANY_ROLES.map((r) => (
                      <option key={r} value={r}>
                        {t.roleLabel(r)}
                      </option>
                    ))}
                  </select>
                </div>
                {m.role === 'buyer' && (
                  <label className="flex min-h-10 cursor-pointer items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      checked={m.seesAllOrders}
                      disabled={busy}
                      aria-label={t.seesAllOrdersOf(label)}
                      onChange={(e) => onChange(m, { seesAllOrders: e.target.checked })}
                    />
                    <span aria-hidden="true">{t.seesAllOrders}</span>
                  </label>
                )}
              </div>
            ) : (
              <p className="text-sm">
                <span className="badge badge-outline">{t.roleLabel(m.role)}</span>
                {m.role === 'buyer' && <span className="ml-2 text-base-content/80">{m.seesAllOrders ? t.seesAll : t.seesOwn}</span>}
              </p>
            )}
            <button type="button" className="btn btn-ghost btn-sm text-error" aria-label={t.removeNamed(label)} onClick={() => onRemove(m)}>
              {t.remove}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The open invitations; the company's admin may withdraw one. */
export function InvitesList({ invites, onWithdraw }: { invites: CompanyInvite[]; onWithdraw?(invite: CompanyInvite): void }) {
  const date = useDateFormat(DAY);
  if (invites.length === 0) return <p className="text-base-content/80">{t.noInvites}</p>;
  return (
    <ul aria-label={t.invitesTitle} className="grid gap-3">
      {invites.map((x) => (
        <li key={x._id} className="flex min-w-0 flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-200 p-3">
          <div className="min-w-0">
            <p className="font-semibold wrap-anywhere">{x.email}</p>
            <p className="text-sm text-base-content/80">
              {t.roleLabel(x.role)} · {t.expires(date(x.expiresAt))}
            </p>
          </div>
          {onWithdraw && (
            <button type="button" className="btn btn-outline btn-sm" aria-label={t.withdrawNamed(x.email)} onClick={() => onWithdraw(x)}>
              {t.withdraw}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

interface InviteMutation {
  isPending: boolean;
  mutate(input: CompanyInviteInput, opts: { onSuccess(invite: CompanyInvite): void; onError(err: Error): void }): void;
}

/** E-mail and role; checked with the API's schema, the server's refusal (another company, already a member) shown under it. */
export function InviteForm({ invite, defaultRole = 'buyer' }: { invite: InviteMutation; defaultRole?: CompanyRole }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>(defaultRole);
  const [errors, setErrors] = useState<{ email?: string; root?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = companyInviteInputSchema.safeParse({ email, role });
    if (!parsed.success) {
      setErrors({ email: parsed.error.issues[0]?.message });
      return;
    }
    invite.mutate(parsed.data, {
      onSuccess: (sent) => {
        toastSuccess(t.invited(sent.email));
        setEmail('');
        setErrors({});
      },
      onError: (err) => setErrors({ root: err.message }),
    });
  };

  const ids = { email: `${id}-email`, role: `${id}-role` };
  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 items-start gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <p className="text-sm text-base-content/80 sm:col-span-2">{t.inviteHint}</p>
      <FormField id={ids.email} label={t.email} error={errors.email}>
        <input
          id={ids.email}
          type="email"
          className="input w-full aria-invalid:border-error"
          autoComplete="off"
          maxLength={254}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors({});
          }}
          {...fieldAria(ids.email, { error: errors.email })}
        />
      </FormField>
      <FormField id={ids.role} label={t.role}>
        <select id={ids.role} className="select w-full" value={role} onChange={(e) => setRole(e.target.value as CompanyRole)}>
          {COMPANY_ROLES.map((r) => (
            <option key={r} value={r}>
              {t.roleLabel(r)}
            </option>
          ))}
        </select>
      </FormField>
      {errors.root && (
        <p role="alert" className="rounded-field border border-error/40 bg-error/10 px-4 py-2 font-medium text-error sm:col-span-2">
          {errors.root}
        </p>
      )}
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary min-w-40" disabled={invite.isPending} aria-busy={invite.isPending}>
          {invite.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {invite.isPending ? t.inviting : t.invite}
        </button>
      </div>
    </form>
  );
}
