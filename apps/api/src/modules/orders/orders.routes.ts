import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stringify } from 'csv-stringify/sync';
import {
  adminOrderPageSchema,
  adminOrdersExportQuerySchema,
  adminOrdersQuerySchema,
  createOrderSchema,
  errorResponseSchema,
  idParamsSchema,
  orderListSchema,
  orderSchema,
  ordersQuerySchema,
  purchasePageSchema,
  purchaseRefParamsSchema,
  purchaseSchema,
  purchasesQuerySchema,
} from '@shop/shared';
import { getPurchase, pagePurchases } from './purchases.service';
import { invoicesRoutes } from '../invoices/invoices.routes';

import { cancelOrder } from '../../workflows/order-payments';
import { createOrder, deliverOrder, getOrder, listAllOrders, listOrdersByEmail } from './orders.service';
import { findAllOrders, ORDER_CSV_COLUMNS, orderCsvRecord, pageAllOrders } from './orders-admin.service';
import { spreadsheetSafe } from '../../lib/csv';
import { expireReservations, reservationPolicy } from '../../workflows/reservations';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
};

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Issue #25 (decision 156): GET /purchases/{ref}/invoice.pdf.
  await app.register(invoicesRoutes);
  // Identity is checked on request, before the body is validated, so a visitor gets 401 whatever they send
  // (POST /order: the token there, its session inside the order's transaction, decision 140).
  // Provider outages answer 502 to the customer; the cause is kept for the operator.
  app.addHook('onError', async (req, _reply, err) => {
    if ((err as { code?: string }).code === 'PAYMENT_PROVIDER_UNAVAILABLE') req.log.error({ err: err.cause ?? err }, 'payment provider call failed');
  });

  app.post(
    '/order',
    {
      // The token is checked here; its session and user in the order's own transaction (decision 140).
      onRequest: [app.authenticateToken],
      schema: {
        tags: ['orders'],
        summary: 'Place an order as the signed-in user; price, name and e-mail are decided by the server',
        security: [{ bearerAuth: [] }],
        body: createOrderSchema,
        response: { 201: orderSchema, ...errors },
      },
    },
    async (req, reply) => {
      // Expired reservations must not count against the customer's limit: createOrder notices due ones in its
      // transaction's first statement and has them expired first (decision 140), instead of a query per order.
      const claims = req.tokenClaims!;
      const order = await createOrder(
        app.db,
        claims,
        req.body,
        reservationPolicy(app),
        () => expireReservations(app, { userId: claims.userId }),
        app.announceProductsChanged,
      );
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/orders',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['orders'],
        summary: "The orders of the given e-mail, newest first (your own; an admin may read anyone's)",
        security: [{ bearerAuth: [] }],
        querystring: ordersQuerySchema,
        response: { 200: orderListSchema, ...errors },
      },
    },
    async (req) => {
      await expireReservations(app, { email: req.query.email });
      return listOrdersByEmail(app.db, req.user!, req.query.email);
    },
  );

  app.get(
    '/orders/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['orders'],
        summary: 'One order (its customer or an admin)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (req) => {
      await expireReservations(app, { orderId: req.params.id });
      return getOrder(app.db, req.user!, req.params.id);
    },
  );

  app.delete(
    '/orders/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['orders'],
        summary: 'Cancel an unpaid order (its customer or an admin): its stock is restored and it is kept as cancelled; repeating it changes nothing',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: z.object({ deletedCount: z.literal(1) }), ...errors },
      },
    },
    async (req) => {
      await cancelOrder(app, req.user!, req.params.id);
      return { deletedCount: 1 as const };
    },
  );

  app.get(
    '/allorders',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['orders'],
        summary: "Every order, newest first (admin): the spec's array, or with ?page=&limit=&status=&q= one page and the counts per status",
        security: [{ bearerAuth: [] }],
        querystring: adminOrdersQuerySchema,
        response: { 200: z.union([orderListSchema, adminOrderPageSchema]), ...errors },
      },
    },
    async (req) => {
      // Expired reservations show as Expired in every view of the list.
      await expireReservations(app);
      const { page, limit, status, q } = req.query;
      if (page === undefined && limit === undefined && status === undefined && q === undefined) return listAllOrders(app.db);
      return pageAllOrders(app.db, { page, limit, status, q });
    },
  );

  app.get(
    '/allorders/export.csv',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['orders'],
        summary: 'The orders matching ?status=&q= as CSV, newest first (admin)',
        security: [{ bearerAuth: [] }],
        querystring: adminOrdersExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      await expireReservations(app);
      const rows = (await findAllOrders(app.db, req.query)).map((o) => spreadsheetSafe(orderCsvRecord(o)));
      const csv = stringify(rows, { header: true, columns: [...ORDER_CSV_COLUMNS] });
      const day = new Date().toISOString().slice(0, 10);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="orders-${day}.csv"`).send(csv);
    },
  );

  app.patch(
    '/paidorders/:id',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['orders'],
        summary: 'Mark a paid order as delivered (admin); repeating it changes nothing',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (req) => deliverOrder(app.db, req.params.id, { id: req.user!.id, email: req.user!.email }),
  );

  // Issue #24 (decision 153): orders as people see them, one per purchase with its lines.
  app.get(
    '/purchases',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['orders'],
        summary: 'Your orders, newest first, one per purchase with its lines, number, address, shipping, tax and total; q finds an order number or part',
        security: [{ bearerAuth: [] }],
        querystring: purchasesQuerySchema,
        response: { 200: purchasePageSchema, ...errors },
      },
    },
    async (req) => {
      await expireReservations(app, { userId: req.user!.id });
      return pagePurchases(app.db, { userId: req.user!.id }, req.query, app.clock.now());
    },
  );

  app.get(
    '/purchases/:ref',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['orders'],
        summary: "One order by its number (TT-10042) or id: its customer, an admin, or its company's admin or all-orders buyer; anyone else gets 404",
        security: [{ bearerAuth: [] }],
        params: purchaseRefParamsSchema,
        response: { 200: purchaseSchema, ...errors },
      },
    },
    async (req) => getPurchase(app.db, req.user!, req.params.ref, app.clock.now()),
  );

  app.get(
    '/admin/purchases',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['orders'],
        summary:
          'Every customer’s orders, newest first, one per purchase with its lines (admin); q finds an order number, transaction id, e-mail, name or part',
        security: [{ bearerAuth: [] }],
        querystring: purchasesQuerySchema,
        response: { 200: purchasePageSchema, ...errors },
      },
    },
    async (req) => {
      await expireReservations(app, {});
      return pagePurchases(app.db, { userId: null }, req.query, app.clock.now());
    },
  );
};
