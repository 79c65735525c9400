import { copy } from '@shop/shared/copy';
import { usePageTitle } from '../../components/ui/page-title';
import { AuthLayout } from '../../features/identity/components/auth-layout';
import { RegisterForm } from '../../features/identity/components/register-form';

export default function RegisterPage() {
  usePageTitle(copy.auth.registerTitle);
  return (
    <AuthLayout title={copy.auth.registerTitle} subtitle={copy.auth.registerSubtitle}>
      <RegisterForm />
    </AuthLayout>
  );
}
