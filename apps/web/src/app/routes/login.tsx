import { authCopy } from '@shop/shared/copy/auth';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { AuthLayout } from '../../features/identity/components/auth-layout';
import { LoginForm } from '../../features/identity/components/login-form';

export default function LoginPage() {
  return (
    <AuthLayout title={authCopy.loginTitle} subtitle={authCopy.loginSubtitle}>
      <PageHead title={authCopy.loginTitle} description={pageMetaCopy.login} path={paths.login} />
      <LoginForm />
    </AuthLayout>
  );
}
