export const footerCopy = {
  services: 'Services',
  company: 'Company',
  legal: 'Legal',
  newsletter: 'Newsletter',
  newsletterPlaceholder: 'your@email.com',
  subscribe: 'Subscribe',
  copyright: (year: number, shop: string) => `Copyright © ${year} - All rights reserved by ${shop}`,
  /** Issue #39 item 8: only cards are taken (Stripe), so no PayPal logo and no PayPal in its name. */
  paymentAlt: 'Accepted payment methods: Visa, Mastercard and American Express cards',
} as const;
