import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from '../lib/query-client';
import { toastSettings } from '../lib/toast';
import { ThemeProvider } from '../features/theme/theme-context';
import { AuthProvider } from '../features/identity/auth-context';

/** `client`: the server renderer's and the hydrating browser's own client, filled with the page's data. */
export function Providers({ children, queryClient: client }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          {children}
          {/* The toast area is mounted on every page (spec §2). */}
          <ToastContainer {...toastSettings} />
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
