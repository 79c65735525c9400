import { useSearchParams } from 'react-router';
import { copy } from '@shop/shared/copy';
import { usePageTitle } from '../../components/ui/page-title';
import { AuthLayout } from '../../features/identity/components/auth-layout';
import { ResetPasswordForm } from '../../features/identity/components/reset-password-form';

export default function ResetPasswordPage() {
  usePageTitle(copy.auth.resetTitle);
  const [params] = useSearchParams();
  // Better Auth sends an expired or unknown link here with ?error=INVALID_TOKEN.
  const token = params.get('error') ? null : params.get('token');
  return (
    <AuthLayout title={copy.auth.resetTitle} subtitle={copy.auth.resetText}>
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
