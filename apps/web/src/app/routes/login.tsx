import { copy } from '@shop/shared/copy';
import { usePageTitle } from '../../components/ui/page-title';
import { AuthLayout } from '../../features/identity/components/auth-layout';
import { LoginForm } from '../../features/identity/components/login-form';

export default function LoginPage() {
  usePageTitle(copy.auth.loginTitle);
  return (
    <AuthLayout title={copy.auth.loginTitle} subtitle={copy.auth.loginSubtitle}>
      <LoginForm />
    </AuthLayout>
  );
}
