import { productsCopy } from '@shop/shared/copy/products';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { ArrowLeftIcon, ArrowRightIcon } from '../../../components/ui/icons';

interface ProductsPaginationProps {
  page: number;
  pages: number;
  onPageChange(page: number): void;
}

/** DESIGN §7.4: Previous and Next really page, and are disabled at the ends. */
export function ProductsPagination({ page, pages, onPageChange }: ProductsPaginationProps) {
  const t = productsCopy;
  const last = Math.max(1, pages);
  return (
    <nav aria-label={storefrontCopy.pagination} className="flex flex-wrap items-center justify-center gap-4">
      <button type="button" className="btn btn-outline min-w-32" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ArrowLeftIcon size={18} />
        {t.previous}
      </button>
      <p className="min-w-28 text-center font-semibold tabular-nums" aria-live="polite">
        {t.pageOf(Math.min(page, last), last)}
      </p>
      <button type="button" className="btn btn-outline min-w-32" disabled={page >= last} onClick={() => onPageChange(page + 1)}>
        {t.next}
        <ArrowRightIcon size={18} />
      </button>
    </nav>
  );
}
