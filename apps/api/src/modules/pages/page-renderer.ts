import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { networkCopy } from '@shop/shared/copy/network';
import { publicAddress } from '../../lib/public-url';
import { isAdmin } from '../../lib/policy';
import type { AuthUser } from '../../plugins/auth';

/** Decision 187: the signed-in user of a page, as the web app's session query knows them, and their access token. */
export interface RenderSession {
  user: { id: string; email: string; name: string; image: string | null; emailVerified: boolean; twoFactorEnabled: boolean };
  accessToken: string;
}

/** What the web app's server bundle (apps/web/src/entry-server.tsx) exports. */
interface ServerBundle {
  render(request: Request, session?: RenderSession): Promise<{ status: number; head: string; html: string; state: string; modules: string[] } | Response>;
  setServerFetch(fetchImpl: ((url: string, init: RequestInit) => Promise<Response>) | null): void;
}

/** Marks the renderer's own reads of the public API (with this process's secret), so the rate limit counts them as the page's. */
export const RENDER_HEADER = 'x-shop-render';
/**
 * Issue #22: with RENDER_HEADER, the address of the client whose page is being rendered. Its reads count against
 * that client's page budget (PAGE_RATE_LIMIT_PER_MINUTE), as the page itself does; only the renderer sets it.
 */
export const RENDER_CLIENT_HEADER = 'x-shop-render-client';

/**
 * Decision 187: the web app's mark on a read it makes with `auth: true` while rendered here (apps/web
 * lib/api-client.ts). The renderer swaps it for the bearer of the page's own session, or drops it.
 */
export const RENDER_AUTH_HEADER = 'x-shop-render-auth';

/** The page being rendered: whose it is, and whether one of its reads was refused for too many requests. */
interface RenderScope {
  client: string;
  retryAfterSeconds?: number;
  /** The access token of the session this page is rendered for (signed-in pages only). */
  accessToken?: string;
}

/**
 * Decision 187: the pages behind the web app's sign-in guard (router.tsx's ProtectedRoute). They are rendered for
 * the session of the request's cookie, and no copy of them is kept anywhere (`private, no-store`), with a
 * session or without.
 */
export function isSignedInPage(pathname: string): boolean {
  // Decision 202: /quick-order writes the account's cart, signed in only. Decision 204: /company (and its invitation
  // link /company/join, whose token is never kept in a shared copy).
  return /^\/(?:dashboard|checkout|purchase|quick-order|company)(?:\/|$)/.test(pathname);
}

/** Better Auth's session cookie (`__Secure-` on https). Only its presence is checked before a session is read. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\.session_token=[^;\s]/;
export const hasSessionCookie = (req: FastifyRequest) => SESSION_COOKIE.test(req.headers.cookie ?? '');

/** What the page cache headers say of a signed-in page: for this browser only, kept by nobody, by cookie. */
const PRIVATE_PAGE = 'private, no-store';
const renderScope = new AsyncLocalStorage<RenderScope>();

/** Thrown by the rate limit for a page address over its budget: the page route answers it with tooManyPagesHtml. */
export class PageRateLimitedError extends Error {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super(networkCopy.pageTooManyTitle);
    this.name = 'PageRateLimitedError';
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Issue #22: the plain page of a 429 for a page address (no script; the browser's own light or dark colours). */
export function tooManyPagesHtml(retryAfterSeconds: number): string {
  const title = escapeHtml(networkCopy.pageTooManyTitle);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><title>${title}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<main><h1>${title}</h1><p>${escapeHtml(networkCopy.pageTooManyText(retryAfterSeconds))}</p><p><a href="">${escapeHtml(networkCopy.pageTooManyReload)}</a></p></main>
</body></html>
`;
}

/** Answers a page address refused by the rate limit: 429, Retry-After, the plain page. */
export function sendTooManyPages(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .status(429)
    .header('retry-after', String(retryAfterSeconds))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(tooManyPagesHtml(retryAfterSeconds));
}

export interface PageRenderer {
  /** Answers a page address with server-rendered HTML (falls back to the bare page if rendering fails). */
  send(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/** Vite's build manifest (dist/.vite/manifest.json): each source file's chunk, static imports and styles. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * What loads a page's screens with the page instead of after the main script
 * ran: their styles (tags, so nothing shifts when the chunk arrives) and their
 * chunks (for boot.js to preload with the script). Files the template already
 * loads are left out.
 */
export function screenTags(manifest: Manifest, modules: string[], template: string): { styles: string; chunks: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(walk);
  };
  modules.forEach(walk);
  const fresh = (file: string) => !template.includes(`/${file}"`);
  return {
    styles: [...css]
      .filter(fresh)
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
      .join(''),
    chunks: [...js].filter(fresh).map((file) => `/${file}`),
  };
}

/** The template's module scripts (`<script type="module" crossorigin src="…"></script>`): their addresses. */
const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;

/**
 * The scripts of a server-rendered page, as data for boot.js (decision 146): the page is complete without them, so
 * they are fetched once its largest picture is on screen, not beside what that paint needs. JSON in a data block:
 * `<` is escaped so the text can never close the element.
 */
export function appScripts(entries: string[], chunks: string[]): string {
  const json = JSON.stringify({ entries, chunks }).replace(/</g, '\\u003c');
  return `<script type="application/json" id="app-scripts">${json}</script>`;
}

/**
 * Server rendering inside the API process (issue #10, decision 106): the
 * built page template (dist/index.html) and the web app's server bundle
 * (dist-ssr/entry-server.js, built by `npm run build`). Without the bundle the
 * pages are sent as the bare template and rendered in the browser, as before.
 */
export async function createPageRenderer(app: FastifyInstance, webDist: string, renderSecret: string): Promise<PageRenderer> {
  const template = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  // A server-rendered page is read before its script runs, so the script is fetched once the page is painted, not
  // beside what the first paint needs (decisions 144, 146): boot.js starts it. The bare template, which a browser
  // renders with that script, keeps its tag.
  const entries = [...template.matchAll(MODULE_SCRIPT)].map((m) => m[1]);
  const renderedTemplate = template.replace(MODULE_SCRIPT, '');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest) : {};
  const entry = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  let bundle: ServerBundle | null = null;
  if (fs.existsSync(entry)) {
    try {
      bundle = (await import(pathToFileURL(entry).href)) as ServerBundle;
    } catch (err) {
      // The shop still works without server rendering; the log says why it is off.
      app.log.error({ err, entry }, 'the server bundle could not be loaded: pages are rendered in the browser only');
    }
  }
  if (bundle) {
    // The page's reads of the public catalogue are answered in this process, through the same routes, cache and validation.
    bundle.setServerFetch(async (url, init) => {
      const scope = renderScope.getStore();
      const { [RENDER_AUTH_HEADER]: wantsSession, authorization: _ignored, ...sent } = init.headers as Record<string, string>;
      const res = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: {
          ...sent,
          [RENDER_HEADER]: renderSecret,
          ...(scope ? { [RENDER_CLIENT_HEADER]: scope.client } : {}),
          // Only a read the page makes as its signed-in user gets that user's bearer; every other read goes without.
          ...(wantsSession && scope?.accessToken ? { authorization: `Bearer ${scope.accessToken}` } : {}),
        },
        payload: typeof init.body === 'string' ? init.body : undefined,
      });
      // The page's client ran out of its budget during the render: the page answers 429 too.
      if (res.statusCode === 429 && scope) scope.retryAfterSeconds = Number(res.headers['retry-after']) || 60;
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
      }
      return new Response(NULL_BODY.has(res.statusCode) ? null : res.rawPayload, { status: res.statusCode, headers });
    });
  } else if (!fs.existsSync(entry)) {
    app.log.warn({ entry }, 'no server bundle: pages are rendered in the browser only (run npm run build)');
  }

  /**
   * Decision 187: the signed-in user of a request for a signed-in page, from its session cookie (Better Auth checks
   * it, as for every API call), with an access token for that session; null for a visitor, a session that is over,
   * or one that still owes its second factor (the browser asks for the code, as before).
   */
  async function pageSession(req: FastifyRequest): Promise<{ me: AuthUser; session: RenderSession } | null> {
    if (!hasSessionCookie(req)) return null;
    const me = await app.sessionUser(req);
    if (!me || (me.twoFactorEnabled && !me.twoFactorVerified)) return null;
    const { token } = await app.auth.api.getToken({ headers: fromNodeHeaders(req.headers) });
    const user = { id: me.id, email: me.email, name: me.name, image: me.image, emailVerified: me.emailVerified, twoFactorEnabled: me.twoFactorEnabled };
    return { me, session: { user, accessToken: token } };
  }

  const bare = (reply: FastifyReply, cacheControl = 'no-cache') => reply.header('cache-control', cacheControl).type('text/html; charset=utf-8').send(template);

  return {
    async send(req, reply) {
      const pathname = req.url.split('?')[0];
      const signedInPage = isSignedInPage(pathname);
      // A signed-in page differs by cookie and is nobody's to keep: not a shared cache's, not the browser's history.
      if (signedInPage) reply.header('vary', 'cookie');
      const cacheControl = signedInPage ? PRIVATE_PAGE : 'no-cache';
      if (!bundle) return bare(reply, cacheControl);
      // Absolute addresses in the page (canonical, Open Graph, JSON-LD) use the shop's public origin and the path only.
      const url = publicAddress(app.config.publicUrl, req.url);
      let result: Awaited<ReturnType<ServerBundle['render']>>;
      const scope: RenderScope = { client: req.ip };
      let signedIn: Awaited<ReturnType<typeof pageSession>> = null;
      try {
        // Public pages read no session (decision 106): only a signed-in page with a session cookie does.
        if (signedInPage) signedIn = await pageSession(req);
      } catch (err) {
        // The browser checks the sign-in itself, as it did before pages were rendered signed in.
        req.log.warn({ err, url: req.url }, 'the session of a signed-in page could not be read; rendering it signed out');
      }
      // /dashboard opens the page each role uses most (dashboard-index.tsx); the server sends it there at once.
      if (signedIn && (pathname === '/dashboard' || pathname === '/dashboard/')) {
        return reply.header('cache-control', PRIVATE_PAGE).redirect(isAdmin(signedIn.me) ? '/dashboard/orders' : '/dashboard/myorders', 302);
      }
      if (signedIn) scope.accessToken = signedIn.session.accessToken;
      // A visitor's copy of a signed-in address holds nobody's data (the sign-in check): revalidated like any page,
      // so history navigation keeps working as before; a page rendered for a session is never stored.
      const pageCacheControl = signedIn ? PRIVATE_PAGE : 'no-cache';
      try {
        result = await renderScope.run(scope, () => bundle.render(new Request(url, { method: 'GET', headers: { accept: 'text/html' } }), signedIn?.session));
      } catch (err) {
        // A page that cannot be rendered here still works: the browser renders it.
        req.log.error({ err, url: req.url }, 'server rendering failed; sending the bare page');
        return bare(reply, cacheControl);
      }
      if (scope.retryAfterSeconds !== undefined) return sendTooManyPages(reply, scope.retryAfterSeconds);
      if (result instanceof Response) {
        return reply.header('cache-control', cacheControl).redirect(result.headers.get('location') ?? '/', result.status);
      }
      let page = renderedTemplate;
      if (result.head.includes('<title>')) page = page.replace(/<title>[^<]*<\/title>\s*/, '');
      if (result.head.includes('name="description"')) page = page.replace(/<meta name="description"[^>]*>\s*/, '');
      const screens = screenTags(manifest, result.modules, template);
      page = page
        .replace('</head>', () => `${result.head}${screens.styles}</head>`)
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root">${result.html}</div><script type="application/json" id="ssr-state">${result.state}</script>${appScripts(entries, screens.chunks)}`,
        );
      return reply.status(result.status).header('cache-control', pageCacheControl).type('text/html; charset=utf-8').send(page);
    },
  };
}

/** A fresh secret per process: only this process's renderer can send it. */
export const newRenderSecret = () => crypto.randomBytes(24).toString('base64url');
