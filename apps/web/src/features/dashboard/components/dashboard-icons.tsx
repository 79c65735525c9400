/** Small line icons for the dashboard menu; decorative, the link text names the page. */
const icons = {
  profile: 'M12 12a4 4 0 100-8 4 4 0 000 8zm-7 8a7 7 0 0114 0',
  orders: 'M6 4h12l1 4H5l1-4zm-1 4h14v11a1 1 0 01-1 1H6a1 1 0 01-1-1V8zm4 4h6',
  review: 'M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.6 6.6 19.5l1.2-6-4.5-4.2 6.1-.7z',
  allOrders: 'M4 6h16M4 12h16M4 18h10',
  addProduct: 'M12 5v14M5 12h14',
  products: 'M4 7l8-4 8 4-8 4-8-4zm0 0v10l8 4 8-4V7M12 11v10',
  admin: 'M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3zm-3 9l2 2 4-4',
  menu: 'M4 6h16M4 12h16M4 18h16',
  activity: 'M3 12h4l3-8 4 16 3-8h4',
  // A motorcycle: two wheels, frame and handlebar.
  vehicles: 'M5.5 17.5a3 3 0 100-.01M18.5 17.5a3 3 0 100-.01M5.5 17.5l4-6h5l4 6M14.5 11.5l-2-4h3M9.5 11.5L8 9H5',
  garage: 'M3 10l9-6 9 6v10H3V10zm4 10v-6h10v6M7 17h10',
  // A delivery truck.
  shipping: 'M2 5h12v11H2zM14 9h4l3 3.5V16h-7M4.5 18a2 2 0 104 0 2 2 0 10-4 0M14.5 18a2 2 0 104 0 2 2 0 10-4 0',
  // A percent sign.
  tax: 'M19 5L5 19M7.5 9.5a2 2 0 100-4 2 2 0 000 4zM16.5 18.5a2 2 0 100-4 2 2 0 000 4z',
  // An envelope.
  messages: 'M3 6h18v12H3zM3 6l9 7 9-7',
  // A person with an envelope: the newsletter's subscribers.
  subscribers: 'M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM3 20a6 6 0 0110.5-4M14 13h8v7h-8zM14 13l4 3.5 4-3.5',
  // Two words, one meaning: an equals sign between two lines of text.
  synonyms: 'M3 8h6M3 16h6M13 10h8M13 14h8',
  // A magnifier with a cross: a search that found nothing.
  searchMisses: 'M10.5 17a6.5 6.5 0 100-13 6.5 6.5 0 000 13zM15.5 15.5L20 20M8.5 8.5l4 4M12.5 8.5l-4 4',
  // A bar chart.
  overview: 'M4 20h16M7 16v-5M12 16V7M17 16v-8',
  // A sheet with a folded corner and its lines: an invoice.
  invoices: 'M6 3h9l4 4v14H6zM15 3v4h4M9 11h7M9 14h7M9 17h4',
} as const;

export type DashboardIconName = keyof typeof icons;

export function DashboardIcon({ name, className = '' }: { name: DashboardIconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      className={`shrink-0 fill-none stroke-current ${className}`}
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={icons[name]} />
    </svg>
  );
}
