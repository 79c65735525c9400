import http from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { CachedBody } from './catalog-cache';
import { COMPRESS_THRESHOLD, etagMatches, pickEncoding } from './catalog-cache.plugin';
import { RENDER_HEADER } from '../pages/page-renderer';

/** The one address the fast path answers (decision 142): the whole catalogue, as `GET /api/products` sends it. */
export const FAST_URL = '/api/products';
/** The catalogue cache's key of that answer (catalog-reads.ts, cachedProductList). */
const CACHE_KEY = 'products';
const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

/** One header of the template: its name as the normal path wrote it, lower-cased, and its value there. */
type Header = { name: string; key: string; value: string };
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type RateLimitResult = { isAllowed: boolean; isExceeded?: boolean; isBanned?: boolean; max?: number; remaining?: number; ttlInSeconds?: number };
type Limiter = (req: FastifyRequest) => Promise<RateLimitResult>;

/** Fastify's request ids ('req-1', 'req-2', …), one sequence for both paths so the log never repeats one. */
export function requestIds(): () => string {
  let next = 0;
  return () => {
    next = (next + 1) & 0x7fffffff;
    return `req-${next.toString(36)}`;
  };
}

type Trust = (addr: string, i: number) => boolean;

/** Fastify's proxy trust for TRUST_PROXY (lib/request.js, getTrustProxyFn): everything, or the listed addresses. */
function trustOf(trustProxy: boolean | string[]): Trust | null {
  if (!trustProxy) return null;
  return trustProxy === true ? () => true : proxyAddr.compile(trustProxy);
}

/**
 * The cached catalogue answered straight from node:http (decision 142).
 *
 * `GET`/`HEAD /api/products` with no query is the shop's hottest read and,
 * once the catalogue cache holds it, the same bytes for everyone; Fastify's
 * per-request machinery (routing, hooks, helmet, reply) then costs about two
 * thirds of the time. This answers such a request before Fastify sees it,
 * with the status, body, ETag/304 and every header the normal path sends —
 * replayed from that path's own first answer, so a header added there shows
 * here too — and the rate limit counted by the same limiter and store.
 * Everything it is not sure about goes to Fastify unchanged.
 */
export class FastCatalogue {
  private app: FastifyInstance | null = null;
  private limit: Limiter | null = null;
  private template: Header[] | null = null;
  private closing = false;
  private readonly trust: Trust | null;
  /** Answers given here rather than by Fastify (tests and diagnosing). */
  readonly stats = { served: 0 };

  constructor(
    trustProxy: boolean | string[],
    readonly nextRequestId: () => string,
  ) {
    this.trust = trustOf(trustProxy);
  }

  /** The client address as Fastify's `request.ip` computes it: the rate limit's key. */
  private address(req: http.IncomingMessage): string | undefined {
    if (!this.trust) return req.socket.remoteAddress;
    const addrs = proxyAddr.all(req, this.trust);
    return addrs[addrs.length - 1];
  }

  /** Fastify's `serverFactory`: its own server (same time-outs), with the fast path in front of its handler. */
  serverFactory = (fastify: Handler, opts: FastifyServerOptions): http.Server => {
    const server = http.createServer((req, res) => this.handle(req, res, fastify));
    server.keepAliveTimeout = opts.keepAliveTimeout ?? 72_000;
    server.requestTimeout = opts.requestTimeout ?? 0;
    server.setTimeout(opts.connectionTimeout ?? 0);
    if (opts.maxRequestsPerSocket) server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    return server;
  };

  /** Called once the app is built: the catalogue cache, the rate limiter and the log are there. */
  attach(app: FastifyInstance): void {
    this.app = app;
    this.limit = app.createRateLimit() as unknown as Limiter;
    app.addHook('preClose', async () => {
      this.closing = true;
    });
  }

  /**
   * Route-level onResponse of `GET /api/products`: keep the header block of the normal path's first plain answer
   * to an anonymous client (helmet's, the rate limit's, the cache's; names as written, in their order) as the
   * template of the fast answers.
   */
  capture = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (this.template || reply.statusCode !== 200 || !this.eligible(req.raw)) return;
    const res = reply.raw;
    const template: Header[] = [];
    // Node's names as set, in order (OutgoingMessage.getRawHeaderNames, not in this @types/node).
    for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
      const key = name.toLowerCase();
      const value = res.getHeader(key);
      if (key === 'content-length' || key === 'content-encoding') continue;
      if (value === undefined || Array.isArray(value)) return;
      template.push({ name, key, value: String(value) });
    }
    const keys = new Set(template.map((h) => h.key));
    if (RATE_HEADERS.every((h) => keys.has(h)) && keys.has('etag') && keys.has('content-type')) this.template = template;
  };

  /** Requests the fast path may answer; anything else goes to Fastify. */
  private eligible(req: http.IncomingMessage): boolean {
    if (req.url !== FAST_URL || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const h = req.headers;
    // Credentials make the answer no-store (security plugin); a body, an Expect, or the renderer's own reads are Fastify's.
    if (h.authorization !== undefined || h.cookie !== undefined || h.expect !== undefined || h[RENDER_HEADER] !== undefined) return false;
    if (h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0')) return false;
    return true;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, fastify: Handler): void {
    const app = this.app;
    const cached = this.template && !this.closing && app && this.eligible(req) ? app.catalogCache.peek(CACHE_KEY) : undefined;
    if (!cached) return fastify(req, res);
    // The encoding the route would choose; an Accept-Encoding it would leave to @fastify/compress goes there.
    const accept = req.headers['accept-encoding'];
    let encoding: 'br' | 'gzip' | null = null;
    if (accept !== undefined && accept !== 'identity') {
      encoding = cached.body.length >= COMPRESS_THRESHOLD ? pickEncoding(accept) : null;
      if (!encoding) return fastify(req, res);
    }
    const started = performance.now();
    const limitReq = { raw: req, ip: this.address(req), url: req.url, headers: req.headers, routeOptions: { config: {} } } as unknown as FastifyRequest;
    this.limit!(limitReq).then(
      (limit) => {
        // Over the limit (or let through by the allow list): the normal path gives the same answer, as it always has.
        if (limit.isAllowed || limit.isExceeded || limit.isBanned) return fastify(req, res);
        this.send(req, res, cached, encoding, limit, started);
      },
      // The limiter's store failed: the normal path's limiter meets the same error and answers it.
      () => fastify(req, res),
    );
  }

  private send(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    cached: CachedBody,
    encoding: 'br' | 'gzip' | null,
    limit: RateLimitResult,
    started: number,
  ) {
    this.stats.served++;
    const notModified = etagMatches(req.headers['if-none-match'], cached.etag);
    const bytes = notModified ? null : encoding ? cached.encoded(encoding) : cached.body;
    const headers: string[] = [];
    for (const { name, key, value } of this.template!) {
      if (key === 'x-ratelimit-limit') headers.push(name, String(limit.max));
      else if (key === 'x-ratelimit-remaining') headers.push(name, String(limit.remaining));
      else if (key === 'x-ratelimit-reset') headers.push(name, String(limit.ttlInSeconds));
      else if (key === 'etag') headers.push(name, cached.etag);
      else if (key === 'content-type') {
        if (notModified) continue;
        headers.push(name, value);
        if (encoding) headers.push('content-encoding', encoding);
      } else headers.push(name, value);
    }
    headers.push('content-length', String(bytes ? bytes.length : 0));
    const status = notModified ? 304 : 200;
    const log = this.app!.log as { isLevelEnabled?: (level: string) => boolean };
    if (log.isLevelEnabled?.('info')) this.logRequest(req, res, status, started);
    res.writeHead(status, headers);
    if (bytes && req.method === 'GET') res.end(bytes);
    else res.end();
  }

  /** Fastify's two lines per request ('incoming request', 'request completed'), with a request id from its sequence. */
  private logRequest(req: http.IncomingMessage, res: http.ServerResponse, statusCode: number, started: number): void {
    const log = this.app!.log.child({ reqId: this.nextRequestId() });
    // As Fastify's `request.host`: the last X-Forwarded-Host when the peer is a trusted proxy.
    const forwardedHost = req.headers['x-forwarded-host'];
    const remote = req.socket.remoteAddress;
    const trusted = forwardedHost !== undefined && this.trust !== null && remote !== undefined && this.trust(remote, 0);
    const host = trusted ? String(forwardedHost).split(',').pop()!.trim() : req.headers.host;
    log.info({ req: { method: req.method, url: req.url, host, ip: this.address(req), socket: req.socket } }, 'incoming request');
    res.once('finish', () => log.info({ res: { statusCode }, responseTime: performance.now() - started }, 'request completed'));
  }
}
