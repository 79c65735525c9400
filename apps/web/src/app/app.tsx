import { RouterProvider } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Providers } from './providers';

type Router = Parameters<typeof RouterProvider>[0]['router'];

export function App({ router, queryClient }: { router: Router; queryClient?: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
