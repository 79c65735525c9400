import { shop } from '@shop/shared/content';

/**
 * The shop's legal texts, linked from the footer's Legal group. Plain
 * language; the owner's lawyer should review them before going live.
 */
export interface LegalSection {
  id: 'terms' | 'privacy' | 'cookies';
  title: string;
  paragraphs: string[];
}

export const legalIntro = {
  title: 'Legal',
  subtitle: `Terms of sale, privacy and cookies at ${shop.name}. Last updated November 2026.`,
};

export const legalSections: LegalSection[] = [
  {
    id: 'terms',
    title: 'Terms of sale',
    paragraphs: [
      `${shop.name} sells motorcycle and vehicle parts in bulk to workshops, dealers, racing teams and riders. Every part has a minimum order quantity shown on its card; you can order any quantity between that minimum and the stock we hold.`,
      'Prices are in US dollars. The price of an order is the unit price divided by the minimum order, times the quantity, rounded to the cent. The total shown before you confirm is the amount you pay; our server calculates it again and is the authority.',
      'An order is confirmed once the card payment succeeds. You can cancel an order from your dashboard at no cost until it is paid. Paid orders are shipped, and marked delivered by our team when they leave the warehouse.',
      `Parts may be returned unused in their original packaging within 30 days of delivery. Write to ${shop.email} with your order number and we will arrange the return and refund the card you paid with.`,
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy policy',
    paragraphs: [
      'We collect what we need to run your account and deliver your orders: your name, e-mail address, the profile details you choose to add (education, location, phone, LinkedIn), your orders and their delivery address, and the reviews you publish.',
      'Card numbers never reach our servers in production: they are sent straight to our payment provider, which tells us only whether a payment succeeded and its transaction id.',
      'Messages from the contact form and newsletter addresses are stored so that we can reply and send the newsletter. We do not sell or rent personal data to anyone.',
      `You can ask us for a copy of your data, to correct it or to delete your account at any time by writing to ${shop.email}.`,
    ],
  },
  {
    id: 'cookies',
    title: 'Cookie policy',
    paragraphs: [
      'We use only the cookies and browser storage the shop needs to work: a session cookie that keeps you signed in, an access token in local storage for your account requests, and your light or dark theme choice.',
      'We do not use advertising or tracking cookies, and no third-party analytics run on this site.',
    ],
  },
];
