import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { loadToastify, toastSettings } from '../lib/toast';
import { ThemeProvider } from '../features/theme/theme-context';
import { AuthProvider } from '../features/identity/auth-context';

const ToastArea = lazy(() => loadToastify().then(({ ToastContainer }) => ({ default: () => <ToastContainer {...toastSettings} /> })));

/** `client`: the server renderer's and the hydrating browser's own client, filled with the page's data. */
export function Providers({ children, queryClient: client, onCommitted }: { children: ReactNode; queryClient?: QueryClient; onCommitted?: () => void }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  // The toast area mounts once the page is up: its library is not in the server HTML or the critical path.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    onCommitted?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the first commit
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          {children}
          {/* The toast area is mounted on every page (spec §2). It goes into its own element beside the app's: a new
              last child of the app's root would make the browser restyle the whole page, a long task on a phone
              right after hydration (decision 169). */}
          {mounted &&
            createPortal(
              <Suspense fallback={null}>
                <ToastArea />
              </Suspense>,
              document.getElementById('toasts') ?? document.body,
            )}
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
