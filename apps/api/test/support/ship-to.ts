/**
 * Issue #24: a delivery address for checkouts in tests. Oregon has no sales
 * tax and the standard US method is free from $50, so an order of $50 or more
 * under 70 kg costs its goods only, as before orders had shipping and tax.
 */
export const OREGON = {
  name: 'Dana Reyes',
  company: 'Reyes Moto Works',
  line1: '1200 SE Morrison St',
  city: 'Portland',
  region: 'OR',
  postalCode: '97214',
  country: 'US',
  phone: '+1 503 555 0142',
};

export const SHIP_TO = { shippingAddress: OREGON };
