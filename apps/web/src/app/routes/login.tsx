import { copy } from '@shop/shared/copy';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { AuthLayout } from '../../features/identity/components/auth-layout';
import { LoginForm } from '../../features/identity/components/login-form';

export default function LoginPage() {
  return (
    <AuthLayout title={copy.auth.loginTitle} subtitle={copy.auth.loginSubtitle}>
      <PageHead title={copy.auth.loginTitle} description={copy.pageMeta.login} path={paths.login} />
      <LoginForm />
    </AuthLayout>
  );
}
