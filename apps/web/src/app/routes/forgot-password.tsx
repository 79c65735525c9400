import { copy } from '@shop/shared/copy';
import { usePageTitle } from '../../components/ui/page-title';
import { AuthLayout } from '../../features/identity/components/auth-layout';
import { ForgotPasswordForm } from '../../features/identity/components/forgot-password-form';

export default function ForgotPasswordPage() {
  usePageTitle(copy.auth.forgotTitle);
  return (
    <AuthLayout title={copy.auth.forgotTitle} subtitle={copy.auth.forgotText}>
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
