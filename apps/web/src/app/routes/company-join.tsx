import { useSearchParams } from 'react-router';
import { companiesCopy as t } from '@shop/shared/copy/companies';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { CompanyJoin } from '../../features/companies/components/company-join';

/** Issue #37 item 1 (decision 204): /company/join?token=… — the invitation e-mail's link (public; joining needs sign-in). */
export default function CompanyJoinPage() {
  const [params] = useSearchParams();
  return (
    <div className="w-full px-4 py-8 md:px-8 lg:py-12">
      <PageHead title={t.joinTitle} description={t.joinDescription} path={paths.companyJoin} noindex />
      <CompanyJoin token={params.get('token')?.trim() ?? ''} />
    </div>
  );
}
