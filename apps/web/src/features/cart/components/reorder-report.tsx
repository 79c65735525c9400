import { Link } from 'react-router';
import { quickOrderCopy as q } from '@shop/shared/quick-order';
import type { QuickOrderResult } from '@shop/shared/schemas/quick-order';
import { paths } from '../../../config/paths';

/**
 * What Order again (decision 202) or a saved reorder list (decision 207) added to the cart and what it could not,
 * with a link to the cart: one report, so a buyer reads both the same way.
 */
export function ReorderReport({ result }: { result: QuickOrderResult }) {
  return (
    <div role="status" className="flex flex-col gap-1 text-sm">
      {result.added.length > 0 ? (
        <p>
          {q.added(result.added.length)}.{' '}
          <Link to={paths.cart} className="link font-semibold">
            {q.viewCart}
          </Link>
        </p>
      ) : (
        <p>{q.orderAgainNone}</p>
      )}
      {result.problems.length > 0 && (
        <>
          <p>{q.orderAgainSkipped(result.problems.length)}</p>
          <ul className="list-disc pl-5">
            {result.problems.map((p) => (
              <li key={p.line} className="break-words">
                {p.message}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
