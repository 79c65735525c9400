import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { PageHead } from './page-head';
import { PageTitle } from './page-title';
import { LoadError } from './load-error';

/** An address the API says names nothing: 404, or 400/414 for one it cannot even read. */
export const isMissing = (error: unknown) => error instanceof ApiError && [400, 404, 414].includes(error.status);

/**
 * A public page whose read failed: "not found" with a way on (kept out of search engines) when the address names
 * nothing, else the error with Retry. The diagram, a bike's diagrams and a job basket share it (decisions 197, 199).
 */
export function MissingPage(props: { error: Error; title: string; text: string; link: { to: string; label: string }; onRetry(): void }) {
  const { error, title, text, link, onRetry } = props;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 md:px-8">
      <PageHead title={title} description={text} noindex />
      {isMissing(error) ? (
        <div role="alert" className="flex flex-col items-start gap-4 rounded-box border border-base-300 bg-base-200 p-8">
          <h1 className="font-display text-3xl font-bold uppercase">{title}</h1>
          <p className="text-base-content/80">{text}</p>
          <Link to={link.to} className="btn btn-primary">
            {link.label}
          </Link>
        </div>
      ) : (
        <>
          <PageTitle title={title} />
          <LoadError message={error.message} onRetry={onRetry} className="min-h-64" />
        </>
      )}
    </div>
  );
}
