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
  hours: 'Mon–Fri 8:00–18:00, Sat 9:00–13:00',
  social: [
    { label: 'YouTube', href: 'https://www.youtube.com/' },
    { label: 'Instagram', href: 'https://www.instagram.com/' },
    { label: 'Facebook', href: 'https://www.facebook.com/' },
  ],
} as const;
