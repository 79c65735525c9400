import { Link } from 'react-router';
import { cartCopy } from '@shop/shared/copy/cart';
import { paths } from '../../../config/paths';
import { useCart } from '../use-cart';

/** The navbar's cart icon with the number of lines; shown on every width. */
export function CartLink() {
  const { lines } = useCart();
  const count = lines.length;
  return (
    <Link to={paths.cart} className="btn btn-circle btn-ghost relative" aria-label={cartCopy.navLink(count)} title={cartCopy.title}>
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <circle cx="9" cy="20" r="1.5" />
        <circle cx="18" cy="20" r="1.5" />
        <path d="M2.5 3h2.6l2.4 12.2a1.5 1.5 0 001.5 1.2h8.8a1.5 1.5 0 001.5-1.1L21.5 8H6.2" />
      </svg>
      {count > 0 && (
        <span className="badge badge-primary badge-sm absolute -right-1 -top-1 min-w-5 px-1 font-bold tabular-nums" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
