export const productsCopy = {
  title: 'All Your Needs',
  subtitle: 'Genuine and performance parts, sold in workshop quantities.',
  unitPrice: 'Unit Price: $',
  stock: 'Stock:',
  minOrder: 'Minimum Order:',
  orderNow: 'Order Now',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  empty: 'No parts to show yet.',
  // Issue #8: the part number and maker on cards and the purchase page.
  partNumber: 'Part No.',
  brand: 'Brand',
  category: 'Category',
} as const;
