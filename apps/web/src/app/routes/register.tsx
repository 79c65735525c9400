import { copy } from '@shop/shared/copy';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { AuthLayout } from '../../features/identity/components/auth-layout';
import { RegisterForm } from '../../features/identity/components/register-form';

export default function RegisterPage() {
  return (
    <AuthLayout title={copy.auth.registerTitle} subtitle={copy.auth.registerSubtitle}>
      <PageHead title={copy.auth.registerTitle} description={copy.pageMeta.register} path={paths.register} />
      <RegisterForm />
    </AuthLayout>
  );
}
