import { copy } from '@shop/shared/copy';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { AuthLayout } from '../../features/identity/components/auth-layout';
import { ForgotPasswordForm } from '../../features/identity/components/forgot-password-form';

export default function ForgotPasswordPage() {
  return (
    <AuthLayout title={copy.auth.forgotTitle} subtitle={copy.auth.forgotText}>
      <PageHead title={copy.auth.forgotTitle} description={copy.pageMeta.forgotPassword} path={paths.forgotPassword} />
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
