import { companiesCopy as t } from '@shop/shared/copy/companies';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { MyCompanyView } from '../../features/companies/components/my-company';

/** Issue #37 item 1 (decision 204): /company, signed in — the trade account the person buys for. */
export default function CompanyPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 md:px-8 lg:py-12">
      <PageHead title={t.pageTitle} description={t.pageDescription} path={paths.company} noindex />
      <h1 className="font-display text-4xl font-bold uppercase leading-tight">{t.pageTitle}</h1>
      <span className="mt-2 mb-6 block h-1 w-16 rounded-full bg-accent" aria-hidden="true" />
      <MyCompanyView />
    </div>
  );
}
