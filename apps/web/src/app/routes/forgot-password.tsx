import { authCopy } from '@shop/shared/copy/auth';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { AuthLayout } from '../../features/identity/components/auth-layout';
import { ForgotPasswordForm } from '../../features/identity/components/forgot-password-form';

export default function ForgotPasswordPage() {
  return (
    <AuthLayout title={authCopy.forgotTitle} subtitle={authCopy.forgotText}>
      <PageHead title={authCopy.forgotTitle} description={pageMetaCopy.forgotPassword} path={paths.forgotPassword} />
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
