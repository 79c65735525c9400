/**
 * The shop's identity. A seller rebrands by editing this file only.
 */
export const shop = {
  name: 'Torque & Throttle Parts',
  shortName: 'Torque & Throttle',
  tagline: 'Bulk motorcycle and vehicle parts for workshops, dealers and racing teams.',
  email: 'sales@torque-throttle.example',
  phone: '+1 (555) 014-2090',
  address: '1200 Piston Row, Dayton, OH 45402, USA',
  /** Printed on invoices as the seller's tax number (issue #25): the US employer identification number. */
  taxNumber: 'EIN 31-4271958',
  /**
   * Issue #39 (decision 183): the demo shop's EU VAT registration (Ireland; a made-up number that passes the check
   * digits), printed on every invoice to the EU. A real shop sets its own with SHOP_VAT_NUMBER.
   */
  vatNumber: 'IE7312455S',
  /**
   * Issue #39 item 8 (decision 185): the home page's "Support 24/7" (spec) is kept, and the contacts say how it
   * holds: e-mail and the contact form are answered around the clock; the phone is staffed in these hours.
   */
  support: 'Support 24/7 by e-mail and the contact form',
  hours: 'Phone Mon–Fri 8:00–18:00, Sat 9:00–13:00',
} as const;
