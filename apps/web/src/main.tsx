import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import 'react-toastify/dist/ReactToastify.css';
import './styles.css';
import { App } from './app/app';
import { createClientRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import { readServerState } from './ssr-state';

async function start() {
  const container = document.getElementById('root')!;
  const state = readServerState();
  const queryClient = createQueryClient();
  if (state) hydrate(queryClient, state.queries);
  const router = await createClientRouter(state?.router);
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  // Server-rendered pages (decision 106) are hydrated; the signed-in dashboards arrive empty and are rendered here.
  if (state) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
