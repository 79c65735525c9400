/**
 * Server rendering of the public pages (issue #10, decision 106). Built by
 * `vite build --ssr` into dist-ssr/ and called by the API process for every
 * page address: React Router's data-mode static handler matches the URL with
 * the same route table the browser uses, the page is rendered, the public
 * catalogue reads it started are answered in the process, and the page is
 * rendered again with its data. The browser hydrates the same markup.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import { routes } from './app/router';
import { Providers } from './app/providers';
import { ApiError, setServerFetch } from './lib/api-client';
import { serializeServerState, type ServerState } from './ssr-state';
import { setSiteOrigin } from './lib/site-origin';
import { setRenderedAt } from './lib/render-clock';
import { RENDERED_SESSION_QUERY_KEY, SESSION_QUERY_KEY, type AuthSessionUser, type RenderedSession } from './features/identity/api/session';

export { setServerFetch };

/**
 * Only the public catalogue and the shop's public settings (payment processor, sign-in methods, social links) are read while
 * rendering; sessions, carts and the garage are the browser's.
 */
const SERVER_QUERY_ROOTS = new Set(['products', 'reviews', 'vehicles', 'diagrams', 'baskets', 'payment-config', 'auth-config', 'shop-links']);
/**
 * Decision 187: a signed-in page (My Orders, an order, the dashboard) rendered for the session of its cookie also
 * reads that customer's orders (and an admin's lists), their cart and the admin check, through the API with the
 * session's bearer, which the API process adds (apps/api page-renderer.ts). Everything else of theirs (addresses,
 * garage, profile) stays the browser's, in its loading state in both renders.
 */
const SIGNED_IN_QUERY_ROOTS = new Set([...SERVER_QUERY_ROOTS, 'orders', 'cart']);
/** Of the 'admin' reads, the admin check of the page's own user and the sales overview (its days are in UTC). */
const signedInAdminRead = (key: readonly unknown[], email: string) => key[0] === 'admin' && (key[1] === email || key[1] === 'overview');

/**
 * The signed-in user whose page this is, as the API process checked from the request's session cookie (never
 * from anything else the request says), and the access token it made for that session.
 */
export interface RenderSession {
  user: AuthSessionUser;
  accessToken: string;
}

/** A page's reads can depend on earlier ones (a part, then its reviews); three rounds are plenty. */
const MAX_ROUNDS = 3;

export interface RenderResult {
  status: number;
  /** title, meta and link tags the page rendered (React hoists them to the start of the markup). */
  head: string;
  html: string;
  /** The JSON for the browser's hydration (already escaped for a script element). */
  state: string;
  /** Source files of the matched screens (apps/web/src/...), for preloading their chunks and styles. */
  modules: string[];
}

const handler = createStaticHandler(routes);

function serverQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity, gcTime: Infinity } },
  });
}

function wanted(query: Query, roots: Set<string>, email?: string): boolean {
  const root = query.queryKey[0];
  if (typeof root !== 'string' || !(roots.has(root) || (email !== undefined && signedInAdminRead(query.queryKey, email)))) return false;
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: unknown }).enabled;
  if (typeof enabled === 'function') return (enabled as (q: Query) => boolean)(query) !== false;
  return enabled !== false;
}

/** React's marker of a Suspense boundary the server gave up on. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

const HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)+/;

export async function render(request: Request, session?: RenderSession): Promise<RenderResult | Response> {
  const context = await handler.query(request);
  if (context instanceof Response) return context;

  const queryClient = serverQueryClient();
  if (session) {
    queryClient.setQueryData(SESSION_QUERY_KEY, session.user);
    queryClient.setQueryData<RenderedSession>(RENDERED_SESSION_QUERY_KEY, { userId: session.user.id });
  }
  const roots = session ? SIGNED_IN_QUERY_ROOTS : SERVER_QUERY_ROOTS;
  const router = createStaticRouter(handler.dataRoutes, context);
  const origin = new URL(request.url).origin;
  const tree = () => (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>
  );
  // Decision 187: the moment of this render, which the browser's hydrating render shows the clock at too.
  const renderedAt = Date.now();
  const app = async () => {
    // Every request of one shop has the same origin (PUBLIC_URL or its host); set before each render.
    setSiteOrigin(origin);
    setRenderedAt(renderedAt);
    const markup = renderToString(tree());
    // A lazy part (the reviews carousel, a form below the fold) not loaded yet in this process makes
    // renderToString give up on its boundary (a client-rendered fallback). prerender waits for it once;
    // from then on it is loaded for every request. Its own output is not used: it would stream the part with
    // an inline script, which the Content-Security-Policy forbids.
    if (!markup.includes(CLIENT_RENDERED_BOUNDARY)) return markup;
    await prerender(tree()).then(({ prelude }) => prelude.cancel());
    setSiteOrigin(origin);
    setRenderedAt(renderedAt);
    return renderToString(tree());
  };

  let markup = await app();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const pending = queryClient.getQueryCache().findAll({ predicate: (q) => wanted(q, roots, session?.user.email) });
    if (pending.length === 0) break;
    await Promise.all(pending.map((q) => q.fetch().catch(() => undefined)));
    markup = await app();
  }

  const cache = queryClient.getQueryCache().getAll();
  const missing = cache.some((q) => q.state.error instanceof ApiError && (q.state.error.status === 404 || q.state.error.status === 400));
  const notFoundRoute = context.matches.some((m) => m.route.path === '*');
  const status = context.statusCode !== 200 ? context.statusCode : notFoundRoute || missing ? 404 : 200;

  const head = HEAD_TAGS.exec(markup)?.[0] ?? '';
  const html = markup.slice(head.length);
  const state: ServerState = {
    queries: dehydrate(queryClient, {
      shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.error instanceof ApiError,
      shouldRedactErrors: () => false,
    }),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    renderedAt,
    ...(session ? { accessToken: session.accessToken } : {}),
  };
  // React DOM's client is a chunk of its own (react-dom-client.ts): listed with every page, so it is preloaded too.
  const screens = context.matches.flatMap((m) => {
    const module = (m.route.handle as { module?: unknown } | undefined)?.module;
    return typeof module === 'string' ? [module] : [];
  });
  // React DOM's client is a chunk of its own (react-dom-client.ts): listed with every page, so it is preloaded too.
  const modules = ['src/react-dom-client.ts', ...screens];
  return { status, head, html, state: serializeServerState(state), modules };
}
