import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { companiesCopy } from '@shop/shared/copy/companies';
import type { CompanyInvite, CompanyMember } from '@shop/shared/schemas/company';
import { paths } from '../../../config/paths';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatPrice } from '../../../components/ui/price';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { toastError, toastSuccess } from '../../../lib/toast';
import { DashboardPageHeader } from '../../dashboard/components/dashboard-page-header';
import { BackLink, DetailError, DetailPending } from '../../dashboard/components/detail-page-state';
import {
  adminCompaniesQueryOptions,
  adminCompanyQueryOptions,
  useAdminInvite,
  useAdminRemoveMember,
  useAdminUpdateMember,
  useAdminWithdrawInvite,
} from '../api/companies';
import { AdminCompanyForm } from './admin-company-form';
import { CompanySummary, InviteForm, PriceListsRow, InvitesList, MembersList, billingLines, card, heading } from './company-parts';

const t = companiesCopy;

/** Issue #37 item 1 (decision 204): /dashboard/companies — every trade account, and a new one. */
export function AdminCompanies() {
  const companies = useQuery(adminCompaniesQueryOptions());
  return (
    <section aria-labelledby="companies-title">
      <DashboardPageHeader id="companies-title" title={t.adminTitle} intro={t.adminIntro} />
      <div className="grid min-w-0 items-start gap-6">
        <section aria-labelledby="companies-list" className={`${card} min-w-0`}>
          <h3 id="companies-list" className={heading}>
            {t.adminListTitle}
          </h3>
          {companies.isPending ? (
            <div role="status">
              <span className="sr-only">{t.adminLoading}</span>
              <Skeleton className="h-40 w-full" />
            </div>
          ) : companies.isError ? (
            <LoadError message={companies.error.message} onRetry={() => void companies.refetch()} />
          ) : companies.data.length === 0 ? (
            <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.adminEmpty}</p>
          ) : (
            <ul aria-label={t.adminListTitle} className="grid gap-4 lg:grid-cols-2">
              {companies.data.map((c) => {
                const place = billingLines(c).slice(-2).join(', ');
                return (
                  <li key={c._id} className="flex min-w-0 flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4">
                    <h4 className="font-display text-lg font-bold uppercase tracking-wide wrap-anywhere">{c.name}</h4>
                    {(c.taxId || place) && <p className="text-sm text-base-content/80 wrap-anywhere">{[c.taxId, place].filter(Boolean).join(' · ')}</p>}
                    <p className="text-sm">
                      {t.terms(c.paymentTermsDays)} · {t.creditLimit} {formatPrice(c.creditLimit)} · {t.memberCount(c.memberCount)}
                    </p>
                    <div>
                      <Link to={paths.companyAdmin(c._id)} className="btn btn-primary btn-sm" aria-label={t.openNamed(c.name)}>
                        {t.open}
                      </Link>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
        <section aria-labelledby="companies-create" className={`${card} min-w-0`}>
          <h3 id="companies-create" className={heading}>
            {t.createTitle}
          </h3>
          <AdminCompanyForm />
        </section>
      </div>
    </section>
  );
}

/** /dashboard/companies/{id}: a company's account details to change, its people (Remove) and invitations. */
export function AdminCompany({ id }: { id: string }) {
  const company = useQuery(adminCompanyQueryOptions(id));
  const invite = useAdminInvite();
  const remove = useAdminRemoveMember();
  const update = useAdminUpdateMember();
  const withdraw = useAdminWithdrawInvite();
  const [toRemove, setToRemove] = useState<CompanyMember | null>(null);
  const [toWithdraw, setToWithdraw] = useState<CompanyInvite | null>(null);
  const nameOf = (m: CompanyMember) => m.name || m.email;

  const back = <BackLink to={paths.companiesAdmin}>{t.backToList}</BackLink>;
  if (company.isPending) return <DetailPending back={back} loading={t.loading} />;
  if (company.isError) {
    return (
      <DetailError
        back={back}
        titleId="company-title"
        title={t.adminTitle}
        error={company.error}
        notFound={t.notFound}
        onRetry={() => void company.refetch()}
      />
    );
  }
  const c = company.data;
  return (
    <section aria-labelledby="company-title">
      {back}
      <DashboardPageHeader id="company-title" title={c.name} intro={`${t.terms(c.paymentTermsDays)} · ${t.memberCount(c.members.length)}`} />
      <div className="grid min-w-0 items-start gap-6 xl:grid-cols-2">
        <section aria-labelledby="company-edit" className={`${card} min-w-0`}>
          <h3 id="company-edit" className={heading}>
            {t.editTitle}
          </h3>
          <AdminCompanyForm key={`${c._id}-${JSON.stringify(c.billing)}-${c.name}-${c.paymentTermsDays}-${c.creditLimit}`} company={c} />
        </section>
        <div className="grid min-w-0 gap-6">
          <section aria-labelledby="company-summary" className={`${card} min-w-0`}>
            <h3 id="company-summary" className="sr-only">
              {t.detailsTitle}
            </h3>
            <CompanySummary company={c} after={<PriceListsRow lists={c.priceLists ?? []} href={paths.priceListAdmin} />} />
          </section>
          <section aria-labelledby="company-people" className={`${card} min-w-0`}>
            <h3 id="company-people" className={heading}>
              {t.membersTitle}
            </h3>
            <MembersList
              members={c.members}
              pendingId={update.isPending ? update.variables.userId : null}
              onChange={(m, patch) =>
                update.mutate(
                  { id: c._id, userId: m.userId, patch },
                  { onSuccess: (saved) => toastSuccess(t.memberSaved(saved.name || saved.email)), onError: (err) => toastError(err.message) },
                )
              }
              onRemove={setToRemove}
            />
          </section>
          <section aria-labelledby="company-invite" className={`${card} min-w-0`}>
            <h3 id="company-invite" className={heading}>
              {t.inviteTitle}
            </h3>
            <InviteForm
              invite={{ isPending: invite.isPending, mutate: (input, opts) => invite.mutate({ id: c._id, input }, opts) }}
              defaultRole={c.members.some((m) => m.role === 'admin') ? 'buyer' : 'admin'}
            />
            <h4 className="mt-6 mb-3 font-bold">{t.invitesTitle}</h4>
            <InvitesList invites={c.invites} onWithdraw={setToWithdraw} />
          </section>
        </div>
      </div>
      <ConfirmDialog
        open={toRemove !== null}
        title={toRemove ? t.removeConfirm(nameOf(toRemove)) : ''}
        confirmLabel={t.remove}
        cancelLabel={t.keep}
        pending={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => toRemove && mutateThenClose(remove, { id: c._id, userId: toRemove.userId }, t.removed(nameOf(toRemove)), () => setToRemove(null))}
      >
        <p>{t.removeHint}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={toWithdraw !== null}
        title={toWithdraw ? t.withdrawNamed(toWithdraw.email) + '?' : ''}
        confirmLabel={t.withdraw}
        cancelLabel={t.keep}
        pending={withdraw.isPending}
        onCancel={() => setToWithdraw(null)}
        onConfirm={() =>
          toWithdraw && mutateThenClose(withdraw, { id: c._id, inviteId: toWithdraw._id }, t.withdrawn(toWithdraw.email), () => setToWithdraw(null))
        }
      />
    </section>
  );
}
