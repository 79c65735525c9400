import { RouterProvider } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Providers } from './providers';

type Router = Parameters<typeof RouterProvider>[0]['router'];

/** `onCommitted`: runs once the first render is on the page (the browser's hydration or first render). */
export function App({ router, queryClient, onCommitted }: { router: Router; queryClient?: QueryClient; onCommitted?: () => void }) {
  return (
    <Providers queryClient={queryClient} onCommitted={onCommitted}>
      <RouterProvider router={router} />
    </Providers>
  );
}
