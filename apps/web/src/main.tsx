import { reactDomClient } from './start-react-dom';
import './zod-jitless';
import { StrictMode, startTransition } from 'react';
import { hydrate } from '@tanstack/react-query';
import 'react-toastify/dist/ReactToastify.css';
import './styles.css';
import { App } from './app/app';
import { createClientRouter } from './app/router';
import { createQueryClient } from './lib/query-client';
import { readServerState } from './ssr-state';
import { storeAccessToken } from './features/identity/session-token';
import { setRenderedAt } from './lib/render-clock';
import { sendHeldSubmits } from './held-submits';
import { loadLazyParts } from './lib/lazy-part';
import { captureStaticParts, releaseStaticParts } from './lib/static-part';
import { nextTask } from './lib/next-task';

async function start() {
  // Running the modules was one task; the app starts in the next.
  await nextTask();
  const container = document.getElementById('root')!;
  const state = readServerState();
  const queryClient = createQueryClient();
  if (state) hydrate(queryClient, state.queries);
  // A signed-in page (decision 187): the token of the session the server rendered it for, before anything asks.
  if (state?.accessToken) storeAccessToken(state.accessToken);
  setRenderedAt(state?.renderedAt ?? null);
  await nextTask();
  // public/boot.js links the page's chunks one per task; importing a screen before that is done makes the
  // bundler's loader link the rest at once, in one long task (decision 172).
  await window.__chunksLinked;
  // The page's screens and the lazy parts it shows (forms) are loaded before hydrating, side by side; a screen's
  // own lazy parts start once the screen's module is in (decision 145). The lazy parts' chunks are not in the page's
  // list: the loader links those, in a task of their own.
  const lazyParts = state ? loadLazyParts() : null;
  await nextTask();
  const router = await createClientRouter(state?.router);
  const { createRoot, hydrateRoot } = await reactDomClient;
  if (state) await Promise.all([lazyParts, loadLazyParts()]);
  await nextTask();
  // Forms sent before the app could answer them were held by public/boot.js: they are sent again from here on.
  // (Passed down rather than rendered beside the app: a sibling would change every useId from the server's.)
  const committed = () => {
    releaseStaticParts();
    sendHeldSubmits();
    document.documentElement.dataset.hydrated = '';
  };
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} onCommitted={committed} />
    </StrictMode>
  );
  // Server-rendered pages (decision 106) are hydrated; the signed-in dashboards arrive empty and are rendered here.
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page (the long task a phone's Total Blocking Time counts).
  // Static parts keep the server's HTML: React adopts it without hydrating what is inside (decision 169).
  if (state) captureStaticParts(container);
  await nextTask();
  // From here React answers the page's controls (public/boot.js ran the theme controls until now).
  window.__appStarted = true;
  if (state) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
