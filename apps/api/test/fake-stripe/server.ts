import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.stripe.com speaking Stripe's REST protocol for the
 * calls the shop makes: form-encoded bodies with bracketed keys, Bearer secret
 * keys, Idempotency-Key replay, Stripe's error envelope. The real `stripe`
 * SDK talks to it through `{ host, port, protocol: 'http' }`.
 *
 * Endpoints: POST /v1/payment_intents, GET /v1/payment_intents (list), GET /v1/payment_intents/:id,
 * POST /v1/payment_intents/:id/confirm (test payment methods
 * pm_card_visa, pm_card_chargeDeclined, pm_card_chargeDeclinedInsufficientFunds,
 * as Stripe.js would confirm in the browser), POST /v1/payment_intents/:id/cancel,
 * POST /v1/refunds (of a succeeded PaymentIntent, whole or part; Stripe's
 * charge_already_refunded once nothing is left).
 */

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  payment_method: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null;
  canceled_at: number | null;
  created: number;
  livemode: false;
}

/** Decision 208: an invoice sent for an order on account (`collection_method=send_invoice`). */
export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  collection_method: string;
  days_until_due: number | null;
  due_date: number | null;
  status: 'draft' | 'open' | 'paid' | 'void';
  amount_due: number;
  amount_paid: number;
  currency: string;
  metadata: Record<string, string>;
  hosted_invoice_url: string | null;
  description: string | null;
  livemode: false;
  created: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  params: Record<string, unknown>;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

type Reply = { status: number; body: unknown };

/** Decode Stripe's form encoding (`metadata[orderId]=…`, `list[0]=…`) into nested objects. */
export function decodeStripeForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out as Record<string, unknown>;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const DECLINES: Record<string, { decline_code: string; message: string }> = {
  pm_card_chargeDeclined: { decline_code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: { decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

export class FakeStripe {
  readonly intents = new Map<string, FakePaymentIntent>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly invoices = new Map<string, FakeInvoice>();
  /** Which PaymentIntent paid which invoice (Stripe's InvoicePayment). */
  readonly invoicePayments = new Map<string, string>();
  readonly requests: RecordedRequest[] = [];
  private readonly idempotent = new Map<string, { rawBody: string; reply: Reply }>();
  private server?: http.Server;
  port = 0;
  /** Answer the next N requests with Stripe's 500 api_error (an outage). */
  failNext = 0;
  /** Answer the next N refund requests with Stripe's 500 api_error, other calls as usual. */
  failRefunds = 0;

  constructor(readonly secretKey = 'sk_test_fake_shop_key') {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const reply = this.handle(req, raw);
        res.writeHead(reply.status, {
          'content-type': 'application/json',
          'request-id': `req_${crypto.randomBytes(7).toString('hex')}`,
          ...(reply as { headers?: Record<string, string> }).headers,
        });
        res.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.server?.close((err) => (err ? reject(err) : resolve())) ?? resolve());
  }

  /** Requests to one endpoint, e.g. `calls('POST', '/v1/payment_intents')`. */
  calls(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  private handle(req: http.IncomingMessage, rawBody: string): Reply & { headers?: Record<string, string> } {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const params = method === 'GET' ? decodeStripeForm(url.search.slice(1)) : decodeStripeForm(rawBody);
    this.requests.push({ method, path, headers: req.headers, rawBody, params });

    if (this.failNext > 0 || (this.failRefunds > 0 && method === 'POST' && path === '/v1/refunds')) {
      if (this.failNext > 0) this.failNext -= 1;
      else this.failRefunds -= 1;
      return err(500, 'api_error', undefined, 'An unknown error occurred while processing your request.');
    }
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return err(401, 'invalid_request_error', undefined, `Invalid API Key provided: ${String(req.headers.authorization ?? '').slice(7, 15)}****`);
    }

    const key = req.headers['idempotency-key'];
    if (method === 'POST' && typeof key === 'string') {
      const seen = this.idempotent.get(`${path} ${key}`);
      if (seen) {
        if (seen.rawBody !== rawBody) {
          return err(400, 'idempotency_error', undefined, 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
        }
        return { ...seen.reply, headers: { 'idempotent-replayed': 'true' } };
      }
      const reply = this.route(method, path, params);
      this.idempotent.set(`${path} ${key}`, { rawBody, reply });
      return reply;
    }
    return this.route(method, path, params);
  }

  private route(method: string, path: string, p: Record<string, unknown>): Reply {
    if (method === 'POST' && path === '/v1/payment_intents') return this.create(p);
    if (method === 'POST' && path === '/v1/refunds') return this.refund(p);
    if (method === 'POST' && path === '/v1/customers') {
      return { status: 200, body: { id: `cus_${crypto.randomBytes(8).toString('hex')}`, object: 'customer', email: p.email ?? null, name: p.name ?? null } };
    }
    if (method === 'POST' && path === '/v1/invoices') return this.createInvoice(p);
    if (method === 'POST' && path === '/v1/invoiceitems') {
      const inv = this.invoices.get(String(p.invoice ?? ''));
      if (!inv) return err(404, 'invalid_request_error', 'resource_missing', `No such invoice: '${String(p.invoice)}'`, 'invoice');
      if (inv.status !== 'draft') return err(400, 'invalid_request_error', 'invoice_not_editable', 'This invoice is no longer editable.');
      inv.amount_due += Number(p.amount);
      return { status: 200, body: { id: `ii_${crypto.randomBytes(8).toString('hex')}`, object: 'invoiceitem', amount: Number(p.amount), invoice: inv.id } };
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const pi = this.invoicePayments.get(String(p.invoice ?? ''));
      const data = pi
        ? [{ id: `inpay_${pi.slice(3)}`, object: 'invoice_payment', invoice: p.invoice, payment: { type: 'payment_intent', payment_intent: pi } }]
        : [];
      return { status: 200, body: { object: 'list', url: '/v1/invoice_payments', has_more: false, data } };
    }
    const inv = path.match(/^\/v1\/invoices\/([^/]+)(?:\/(finalize|send|void))?$/);
    if (inv) {
      const invoice = this.invoices.get(decodeURIComponent(inv[1]));
      if (!invoice) return err(404, 'invalid_request_error', 'resource_missing', `No such invoice: '${decodeURIComponent(inv[1])}'`, 'id');
      if (method === 'GET' && !inv[2]) return { status: 200, body: invoice };
      if (method === 'POST' && inv[2] === 'finalize') {
        if (invoice.status !== 'draft') return err(400, 'invalid_request_error', 'invoice_unexpected_state', 'This invoice is already finalized.');
        invoice.status = 'open';
        invoice.due_date = invoice.created + (invoice.days_until_due ?? 30) * 86_400;
        invoice.hosted_invoice_url = `https://invoice.stripe.test/i/${invoice.id}`;
        return { status: 200, body: invoice };
      }
      if (method === 'POST' && inv[2] === 'send') {
        if (invoice.status !== 'open')
          return err(400, 'invalid_request_error', 'invoice_unexpected_state', `You can only send an open invoice (this one is ${invoice.status}).`);
        return { status: 200, body: invoice };
      }
      if (method === 'POST' && inv[2] === 'void') {
        if (invoice.status !== 'open')
          return err(400, 'invalid_request_error', 'invoice_unexpected_state', `You can only void an open invoice (this one is ${invoice.status}).`);
        invoice.status = 'void';
        return { status: 200, body: invoice };
      }
    }
    if (method === 'GET' && path === '/v1/payment_intents') {
      const since = Number((p.created as Record<string, unknown> | undefined)?.gte ?? 0);
      const data = [...this.intents.values()].filter((i) => i.created >= since).sort((a, b) => b.created - a.created);
      return { status: 200, body: { object: 'list', url: '/v1/payment_intents', has_more: false, data } };
    }
    const m = path.match(/^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/);
    if (m) {
      const intent = this.intents.get(decodeURIComponent(m[1]));
      if (!intent) return err(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${decodeURIComponent(m[1])}'`, 'intent');
      if (method === 'GET' && !m[2]) return { status: 200, body: intent };
      if (method === 'POST' && m[2] === 'confirm') return this.confirm(intent, String(p.payment_method ?? ''));
      if (method === 'POST' && m[2] === 'cancel') return this.cancel(intent);
    }
    return err(404, 'invalid_request_error', undefined, `Unrecognized request URL (${method}: ${path}).`);
  }

  private create(p: Record<string, unknown>): Reply {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 50) return err(400, 'invalid_request_error', 'amount_too_small', 'Amount must be at least $0.50 usd', 'amount');
    if (typeof p.currency !== 'string') return err(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: currency.', 'currency');
    const id = `pi_${crypto.randomBytes(12).toString('hex')}`;
    const apm = p.automatic_payment_methods as { enabled?: string; allow_redirects?: string } | undefined;
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: p.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${crypto.randomBytes(12).toString('hex')}`,
      metadata: (p.metadata as Record<string, string>) ?? {},
      receipt_email: typeof p.receipt_email === 'string' ? p.receipt_email : null,
      automatic_payment_methods: apm ? { enabled: apm.enabled === 'true', allow_redirects: apm.allow_redirects } : null,
      payment_method: null,
      last_payment_error: null,
      canceled_at: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.intents.set(id, intent);
    return { status: 200, body: intent };
  }

  private confirm(intent: FakePaymentIntent, paymentMethod: string): Reply {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return err(
        400,
        'invalid_request_error',
        'payment_intent_unexpected_state',
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      );
    }
    if (!paymentMethod.startsWith('pm_'))
      return err(400, 'invalid_request_error', 'resource_missing', `No such PaymentMethod: '${paymentMethod}'`, 'payment_method');
    intent.payment_method = paymentMethod;
    const decline = DECLINES[paymentMethod];
    if (decline) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', ...decline };
      return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', ...decline, payment_intent: intent } } };
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    return { status: 200, body: intent };
  }

  private cancel(intent: FakePaymentIntent): Reply {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
            payment_intent: intent,
          },
        },
      };
    }
    intent.status = 'canceled';
    intent.canceled_at = Math.floor(Date.now() / 1000);
    return { status: 200, body: intent };
  }

  private createInvoice(p: Record<string, unknown>): Reply {
    if (typeof p.customer !== 'string') return err(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: customer.', 'customer');
    const invoice: FakeInvoice = {
      id: `in_${crypto.randomBytes(12).toString('hex')}`,
      object: 'invoice',
      customer: p.customer,
      collection_method: String(p.collection_method ?? 'charge_automatically'),
      days_until_due: p.days_until_due === undefined ? null : Number(p.days_until_due),
      due_date: null,
      status: 'draft',
      amount_due: 0,
      amount_paid: 0,
      currency: 'usd',
      metadata: (p.metadata as Record<string, string>) ?? {},
      hosted_invoice_url: null,
      description: typeof p.description === 'string' ? p.description : null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
    };
    this.invoices.set(invoice.id, invoice);
    return { status: 200, body: invoice };
  }

  /**
   * The buyer pays an open invoice on Stripe's hosted page: a succeeded PaymentIntent (without the shop's metadata,
   * as Stripe makes it) pays it. Answers the invoice, to post as `invoice.paid`.
   */
  payInvoice(id: string): FakeInvoice {
    const invoice = this.invoices.get(id);
    if (!invoice || invoice.status !== 'open') throw new Error(`invoice ${id} is not open`);
    const created = this.create({ amount: invoice.amount_due, currency: 'usd' }).body as FakePaymentIntent;
    created.status = 'succeeded';
    created.amount_received = created.amount;
    this.invoicePayments.set(invoice.id, created.id);
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    return invoice;
  }

  /** The cents refunded so far of one PaymentIntent. */
  refunded(paymentIntentId: string): number {
    let sum = 0;
    for (const r of this.refunds.values()) if (r.payment_intent === paymentIntentId) sum += r.amount;
    return sum;
  }

  private refund(p: Record<string, unknown>): Reply {
    const id = typeof p.payment_intent === 'string' ? p.payment_intent : '';
    if (!id)
      return err(
        400,
        'invalid_request_error',
        'parameter_missing',
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    const intent = this.intents.get(id);
    if (!intent) return err(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${id}'`, 'payment_intent');
    if (intent.status !== 'succeeded') {
      return err(
        400,
        'invalid_request_error',
        'charge_not_refundable',
        `This PaymentIntent (${id}) does not have a successful charge to refund.`,
        'payment_intent',
      );
    }
    const left = intent.amount_received - this.refunded(id);
    if (left <= 0) return err(400, 'invalid_request_error', 'charge_already_refunded', `Charge for PaymentIntent ${id} has already been refunded.`);
    const amount = p.amount === undefined ? left : Number(p.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return err(
        400,
        'invalid_request_error',
        'amount_too_large',
        `Refund amount (${String(p.amount)}) is greater than the unrefunded amount (${left}).`,
        'amount',
      );
    }
    const refund: FakeRefund = {
      id: `re_${crypto.randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: id,
      status: 'succeeded',
      metadata: (p.metadata as Record<string, string>) ?? {},
      created: Math.floor(Date.now() / 1000),
    };
    this.refunds.set(refund.id, refund);
    return { status: 200, body: refund };
  }

  /** A webhook event as Stripe would post it (sign it with stripe.webhooks.generateTestHeaderString). */
  event(type: string, object: unknown, id = `evt_${crypto.randomBytes(12).toString('hex')}`): string {
    return JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
  }
}

function err(status: number, type: string, code: string | undefined, message: string, param?: string): Reply {
  return { status, body: { error: { type, ...(code ? { code } : {}), message, ...(param ? { param } : {}) } } };
}
