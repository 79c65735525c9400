export const footerCopy = {
  services: 'Services',
  company: 'Company',
  legal: 'Legal',
  newsletter: 'Newsletter',
  newsletterPlaceholder: 'your@email.com',
  subscribe: 'Subscribe',
  copyright: (year: number, shop: string) => `Copyright © ${year} - All rights reserved by ${shop}`,
  paymentAlt: 'Accepted payment methods: Visa, Mastercard, American Express, PayPal',
} as const;
