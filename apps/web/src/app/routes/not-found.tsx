import { Link } from 'react-router';
import { notFoundCopy } from '@shop/shared/copy/not-found';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { ArrowLeftIcon } from '../../components/ui/icons';

export default function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <PageHead title={notFoundCopy.title} description={pageMetaCopy.notFound} noindex />
      <p className="font-display text-8xl font-bold leading-none text-primary sm:text-9xl" aria-hidden="true">
        {storefrontCopy.notFoundCode}
      </p>
      <h1 className="font-display text-4xl font-bold uppercase sm:text-5xl">{notFoundCopy.title}</h1>
      <p className="max-w-md text-lg text-base-content/80">{notFoundCopy.text}</p>
      <Link to={paths.home} className="btn btn-primary btn-lg">
        <ArrowLeftIcon />
        {notFoundCopy.back}
      </Link>
    </div>
  );
}
