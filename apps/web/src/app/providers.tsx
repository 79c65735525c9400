import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from '../lib/query-client';
import { toastSettings } from '../lib/toast';
import { ThemeProvider } from '../features/theme/theme-context';
import { AuthProvider } from '../features/identity/auth-context';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
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
