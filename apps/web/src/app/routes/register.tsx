import { authCopy } from '@shop/shared/copy/auth';
import { pageMetaCopy } from '@shop/shared/copy/page-meta';
import { paths } from '../../config/paths';
import { PageHead } from '../../components/ui/page-head';
import { AuthLayout } from '../../features/identity/components/auth-layout';
import { RegisterForm } from '../../features/identity/components/register-form';

export default function RegisterPage() {
  return (
    <AuthLayout title={authCopy.registerTitle} subtitle={authCopy.registerSubtitle}>
      <PageHead title={authCopy.registerTitle} description={pageMetaCopy.register} path={paths.register} />
      <RegisterForm />
    </AuthLayout>
  );
}
