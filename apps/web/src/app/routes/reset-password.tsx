import { useSearchParams } from 'react-router';
import { authCopy } from '@shop/shared/copy/auth';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { AuthLayout } from '../../features/identity/components/auth-layout';
import { ResetPasswordForm } from '../../features/identity/components/reset-password-form';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  // Better Auth sends an expired or unknown link here with ?error=INVALID_TOKEN.
  const token = params.get('error') ? null : params.get('token');
  return (
    <AuthLayout title={authCopy.resetTitle} subtitle={authCopy.resetText}>
      <PageHead title={authCopy.resetTitle} description={pageMetaCopy.resetPassword} path={paths.resetPassword} noindex />
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
