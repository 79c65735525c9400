import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { companiesCopy } from '@shop/shared/copy/companies';
import { orderNumber } from '@shop/shared/order-totals';
import type { CompanyInvite, CompanyMember, CompanyOrder, MyCompany } from '@shop/shared/schemas/company';
import { paths } from '../../../config/paths';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatPrice } from '../../../components/ui/price';
import { useDateFormat } from '../../../lib/date-format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useAuth } from '../../identity/auth-context';
import { ConfirmDialog, mutateThenClose } from '../../dashboard/components/confirm-dialog';
import { CompanyInvoices } from '../../receivables/components/company-invoices';
import { CompanyAddresses } from './company-addresses';
import { ReorderListsSection } from '../../reorder-lists/components/reorder-lists-section';
import {
  companyOrdersQueryOptions,
  myCompanyQueryOptions,
  useInviteToMyCompany,
  useRemoveMyCompanyMember,
  useUpdateMyCompanyMember,
  useWithdrawInvite,
} from '../api/companies';
import { CompanySummary, PriceListsRow, InviteForm, InvitesList, MembersList, card, heading } from './company-parts';

const t = companiesCopy;
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

/**
 * Issue #37 item 1 (decision 204): /company — the trade account the signed-in person buys for, its orders, and
 * for its admin the people and invitations. Someone of no company reads "You do not buy for a trade account".
 */
export function MyCompanyView() {
  const mine = useQuery({ ...myCompanyQueryOptions(), meta: { silent: true } });

  if (mine.isPending) {
    return (
      <div role="status" className="grid gap-4">
        <span className="sr-only">{t.loading}</span>
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (mine.isError) return <LoadError message={mine.error.message} onRetry={() => void mine.refetch()} />;
  if (mine.data === null) {
    return (
      <section aria-labelledby="no-company-title" className={card}>
        <h2 id="no-company-title" className={heading}>
          {t.noCompanyTitle}
        </h2>
        <p className="text-lg font-semibold">{t.noCompany}</p>
        <p className="mt-2 text-base-content/80">{t.noCompanyHint}</p>
      </section>
    );
  }
  return <CompanyView mine={mine.data} />;
}

function CompanyView({ mine }: { mine: MyCompany }) {
  const isAdmin = mine.role === 'admin';
  return (
    <div className="grid min-w-0 gap-6">
      <section aria-labelledby="company-details-title" className={`${card} min-w-0`}>
        <h2 id="company-details-title" className={heading}>
          {t.detailsTitle}
        </h2>
        <CompanySummary
          company={mine.company}
          extra={
            <div className="grid min-w-0 gap-1 sm:grid-cols-[12rem_minmax(0,1fr)]">
              <dt className="font-semibold">{t.yourRole}</dt>
              <dd>
                {t.roleLabel(mine.role)}
                {mine.role === 'buyer' && <span className="text-base-content/80"> · {mine.seesAllOrders ? t.seesAll : t.seesOwn}</span>}
              </dd>
            </div>
          }
          after={<PriceListsRow lists={mine.priceLists ?? []} />}
        />
      </section>
      {/* Issue #37 item 5 (decision 208): what is open on account, and where each invoice is paid. */}
      <CompanyInvoices termsDays={mine.company.paymentTermsDays} all={mine.seesAllOrders || isAdmin} />
      {/* Issue #37 item 5 (decision 209): where the company's orders go, offered to every member at checkout. */}
      <CompanyAddresses isAdmin={isAdmin} />
      {/* Issue #37 item 5: the buyer's own reorder lists (decision 207), one click back into the cart. */}
      <ReorderListsSection className="" />
      {isAdmin && <CompanyPeople members={mine.members ?? []} invites={mine.invites ?? []} />}
      <CompanyOrders all={mine.seesAllOrders || isAdmin} />
    </div>
  );
}

/** The company admin's people: roles, who sees all orders, removing one, inviting and withdrawing invitations. */
function CompanyPeople({ members, invites }: { members: CompanyMember[]; invites: CompanyInvite[] }) {
  const { user } = useAuth();
  const update = useUpdateMyCompanyMember();
  const remove = useRemoveMyCompanyMember();
  const invite = useInviteToMyCompany();
  const withdraw = useWithdrawInvite();
  const [toRemove, setToRemove] = useState<CompanyMember | null>(null);
  const [toWithdraw, setToWithdraw] = useState<CompanyInvite | null>(null);
  const nameOf = (m: CompanyMember) => m.name || m.email;

  return (
    <>
      <section aria-labelledby="company-people-title" className={`${card} min-w-0`}>
        <h2 id="company-people-title" className={heading}>
          {t.membersTitle}
        </h2>
        <MembersList
          members={members}
          selfId={user?.id}
          pendingId={update.isPending ? update.variables.userId : null}
          onChange={(m, patch) =>
            update.mutate(
              { userId: m.userId, patch },
              { onSuccess: (saved) => toastSuccess(t.memberSaved(saved.name || saved.email)), onError: (err) => toastError(err.message) },
            )
          }
          onRemove={setToRemove}
        />
      </section>
      <section aria-labelledby="company-invite-title" className={`${card} min-w-0`}>
        <h2 id="company-invite-title" className={heading}>
          {t.inviteTitle}
        </h2>
        <InviteForm invite={invite} />
        <h3 className="mt-6 mb-3 font-bold">{t.invitesTitle}</h3>
        <InvitesList invites={invites} onWithdraw={setToWithdraw} />
      </section>
      <ConfirmDialog
        open={toRemove !== null}
        title={toRemove ? t.removeConfirm(nameOf(toRemove)) : ''}
        confirmLabel={t.remove}
        cancelLabel={t.keep}
        pending={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={() => toRemove && mutateThenClose(remove, toRemove.userId, t.removed(nameOf(toRemove)), () => setToRemove(null))}
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
        onConfirm={() => toWithdraw && mutateThenClose(withdraw, toWithdraw._id, t.withdrawn(toWithdraw.email), () => setToWithdraw(null))}
      />
    </>
  );
}

/** The company's orders (every one, or the buyer's own), newest first, each with a link to its page. */
function CompanyOrders({ all }: { all: boolean }) {
  const orders = useQuery(companyOrdersQueryOptions());
  const date = useDateFormat(DAY);
  // Every order opens its page under My Orders: a colleague's read only (paying, cancelling and returning stay the buyer's).
  const pageOf = (o: CompanyOrder) => paths.orderDetail(orderNumber(o.number));
  return (
    <section aria-labelledby="company-orders-title" className={`${card} min-w-0`}>
      <h2 id="company-orders-title" className="font-display text-xl font-bold uppercase tracking-wide">
        {t.ordersTitle}
      </h2>
      <p className="mt-1 mb-4 text-sm text-base-content/80">{all ? t.ordersIntroAll : t.ordersIntroOwn}</p>
      {orders.isPending ? (
        <div role="status">
          <span className="sr-only">{t.ordersLoading}</span>
          <Skeleton className="h-32 w-full" />
        </div>
      ) : orders.isError ? (
        <LoadError message={orders.error.message} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <p className="rounded-field border border-dashed border-base-300 bg-base-200 p-6">{t.noOrders}</p>
      ) : (
        <ul aria-label={t.ordersTitle} className="grid gap-3">
          {orders.data.map((o) => {
            const number = orderNumber(o.number);
            return (
              <li key={o._id} className="rounded-box border border-base-300 bg-base-100 p-4">
                <dl className="grid min-w-0 grid-cols-2 gap-x-4 gap-y-2 text-sm md:grid-cols-[8rem_8rem_minmax(0,1fr)_9rem_7rem] md:items-center">
                  <div className="min-w-0">
                    <dt className="text-xs text-base-content/75">{t.orderNumber}</dt>
                    <dd>
                      <Link to={pageOf(o)} className="link font-semibold" aria-label={t.openOrder(number)}>
                        {number}
                      </Link>
                    </dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-xs text-base-content/75">{t.orderDate}</dt>
                    <dd>{date(o.createdAt)}</dd>
                  </div>
                  <div className="col-span-2 min-w-0 md:col-span-1">
                    <dt className="text-xs text-base-content/75">{t.placedBy}</dt>
                    <dd className="wrap-anywhere">{o.placedBy.name || o.placedBy.email}</dd>
                  </div>
                  <div className="min-w-0">
                    <dt className="text-xs text-base-content/75">{t.status}</dt>
                    <dd>
                      <span className={`badge badge-sm ${o.paid ? 'badge-success' : 'badge-ghost'}`}>{o.status}</span>
                    </dd>
                  </div>
                  <div className="min-w-0 md:text-right">
                    <dt className="text-xs text-base-content/75">{t.total}</dt>
                    <dd className="font-semibold tabular-nums">{formatPrice(o.total)}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
