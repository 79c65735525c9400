import type { Purchase } from '@shop/shared/schemas/cart';
import type { Order } from '@shop/shared/schemas/order';

/** Test data: orders as people see them (issue #24). */

export const line = (over: Partial<Order>): Order => ({
  _id: 'o1',
  productId: 'p1',
  productName: 'Sintered brake pads',
  email: 'rider@example.com',
  userName: 'Rider',
  country: 'Germany',
  address: 'Hauptstr. 1, Berlin',
  phone: '+49 30 1234567',
  quantity: 10,
  price: 249,
  paid: false,
  transactionId: null,
  deleverd: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  paymentMode: null,
  status: 'unpaid',
  expiresAt: null,
  refundDue: false,
  ...over,
});

/** A checkout of two lines to Tennessee: $365 of goods, $12.50 shipping, 7 % tax. */
export function checkoutPurchase(over: Partial<Purchase> = {}): Purchase {
  const orders = [
    line({ _id: 'l1', productId: 'p1', productName: 'Sintered brake pads', quantity: 10, price: 249, checkoutId: 'c1', orderNumber: 'TT-10042' }),
    line({ _id: 'l2', productId: 'p2', productName: 'Iridium spark plug', quantity: 4, price: 116, checkoutId: 'c1', orderNumber: 'TT-10042' }),
  ];
  return {
    _id: 'c1',
    kind: 'checkout',
    number: 'TT-10042',
    status: 'unpaid',
    orders,
    lines: [
      { orderId: 'l1', sku: 'EBC-FA196HH', tax: 17.43, unitPrice: 249, minOrder: 10, refundedQuantity: 0 },
      { orderId: 'l2', sku: 'NGK-CR9EIX', tax: 8.12, unitPrice: 29, minOrder: 1, refundedQuantity: 0 },
    ],
    shipTo: {
      name: 'Sam Okafor',
      company: 'Music City Motorcycles',
      line1: '500 Broadway',
      line2: '',
      city: 'Nashville',
      region: 'TN',
      postalCode: '37203',
      country: 'US',
      phone: '+16155550100',
    },
    shippingMethod: { name: 'Standard', carrier: 'UPS Ground', minDays: 3, maxDays: 5 },
    goods: 365,
    shipping: 12.5,
    tax: 26.43,
    taxIncluded: false,
    total: 403.93,
    taxExempt: false,
    taxId: '',
    vatId: '',
    reverseCharge: false,
    transactionId: null,
    createdAt: '2026-11-23T10:00:00.000Z',
    paidAt: null,
    invoiceNumber: null,
    expiresAt: null,
    userName: 'Sam Okafor',
    email: 'sam@example.com',
    shipments: [],
    refunds: [],
    refunded: 0,
    netPaid: 0,
    returns: [],
    returnableUntil: null,
    deliveredAt: null,
    cancelledAt: null,
    ...over,
  };
}

/** A lone spec order (before addresses were checked): an order of one line. */
export function singlePurchase(over: Partial<Order> = {}): Purchase {
  const order = line({ _id: 's1', productName: 'Chain kit 520', quantity: 5, price: 89.5, orderNumber: 'TT-10007', ...over });
  return {
    _id: order._id,
    kind: 'single',
    number: 'TT-10007',
    status: order.status,
    orders: [order],
    lines: [{ orderId: order._id, sku: 'DID-520', tax: 0, unitPrice: 89.5, minOrder: 5, refundedQuantity: 0 }],
    shipTo: null,
    shippingMethod: null,
    goods: order.price,
    shipping: 0,
    tax: 0,
    taxIncluded: false,
    total: order.price,
    taxExempt: false,
    taxId: '',
    vatId: '',
    reverseCharge: false,
    transactionId: order.transactionId,
    createdAt: order.createdAt,
    paidAt: null,
    invoiceNumber: null,
    expiresAt: order.expiresAt,
    userName: order.userName,
    email: order.email,
    shipments: [],
    refunds: [],
    refunded: 0,
    netPaid: 0,
    returns: [],
    returnableUntil: null,
    deliveredAt: null,
    cancelledAt: null,
  };
}
