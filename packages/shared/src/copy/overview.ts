/** Issue #25 item 7 (decision 164): the owner's sales overview. */
export const overviewCopy = {
  navLabel: 'Sales overview',
  title: 'Sales overview',
  intro: 'Orders count on the day they were paid, refunds on the day they were made (UTC). Every figure is without tax; tax is its own figure.',
  periods: { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days' },
  grossSales: 'Gross sales',
  grossSalesHint: 'Goods of paid orders, without tax',
  shipping: 'Shipping',
  tax: 'Tax',
  refunds: 'Refunds',
  /** What the refunds gave back, apart. */
  refundsSplit: (goods: string, shipping: string, tax: string, other: string) => `Goods ${goods} · shipping ${shipping} · tax ${tax} · other ${other}`,
  netSales: 'Net sales',
  netSalesHint: 'Gross sales − goods refunded − other credit',
  orders: 'Orders',
  averageOrder: 'Average order',
  chartTitle: 'Daily gross sales, last 30 days',
  /** The chart's text alternative. */
  chartSummary: (total: string, best: string, bestDay: string) =>
    `Gross sales over the last 30 days: ${total} in all; the best day was ${bestDay} with ${best}.`,
  chartEmpty: 'No paid orders in the last 30 days.',
  topTitle: 'Top parts, last 30 days',
  topEmpty: 'Nothing sold in the last 30 days.',
  colPart: 'Part',
  colUnits: 'Units',
  colRevenue: 'Goods (no tax)',
  lowTitle: 'Low on stock',
  lowIntro: 'Fewer than three minimum orders left.',
  lowEmpty: 'Every part has at least three minimum orders in stock.',
  colStock: 'In stock',
  colMinOrder: 'Min. order',
  restock: (part: string) => `Restock ${part}`,
} as const;
