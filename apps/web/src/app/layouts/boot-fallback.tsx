import { Spinner } from '../../components/ui/spinner';

export function BootFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-base-100">
      <Spinner />
    </div>
  );
}
