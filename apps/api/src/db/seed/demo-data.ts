/**
 * Demo catalogue and customer reviews for Torque & Throttle Parts.
 *
 * Products are sold in bulk to workshops and dealers:
 *  - `minOrder` is the minimum quantity (in units) for one order line;
 *  - `unitPrice` is the price in dollars of ONE LOT of `minOrder` units
 *    (order price = unitPrice / minOrder × quantity, see @shop/shared pricing);
 *  - `stock` is the number of units on hand. A few lines (exhaust, shock,
 *    footpegs, battery, fork seals) are deliberately low so an order can
 *    exhaust them.
 * Every `slug` has a matching image at apps/web/public/images/products/<slug>.svg.
 * Reviewers are fictional; avatars live in apps/web/public/images/avatars/.
 */

import type { PartNumber, ProductCategory } from '@shop/shared';

export interface DemoProduct {
  slug: string;
  /** The maker's part number, shown on cards and the purchase page. */
  sku: string;
  brand: string;
  category: ProductCategory;
  name: string;
  description: string;
  unitPrice: number;
  stock: number;
  minOrder: number;
}

export interface DemoReview {
  name: string;
  avatar: string;
  description: string;
  review: number;
}

export const demoProducts: DemoProduct[] = [
  {
    slug: 'sintered-front-brake-pads',
    sku: 'FA244HH',
    brand: 'EBC Brakes',
    category: 'brakes',
    name: 'Sintered Front Brake Pads – Pair',
    description:
      'HH-rated sintered copper pads for twin- and four-piston radial calipers, supplied as an axle pair with anti-squeal shims fitted. Lot of 10 pairs.',
    unitPrice: 249.0,
    stock: 640,
    minOrder: 10,
  },
  {
    slug: 'wave-brake-disc-320',
    sku: 'MD2093X',
    brand: 'EBC Brakes',
    category: 'brakes',
    name: '320 mm Floating Wave Brake Disc',
    description:
      'Stainless steel wave rotor on an anodised aluminium carrier, 5 mm thick with 6-bolt fitment. Direct replacement for the OEM front disc on most 2010-on middleweight and litre sport bikes.',
    unitPrice: 378.0,
    stock: 48,
    minOrder: 2,
  },
  {
    slug: 'x-ring-chain-520',
    sku: '520VX3G-120',
    brand: 'D.I.D',
    category: 'drivetrain',
    name: '520 X-Ring Drive Chain 120L',
    description:
      'Gold-plated 520-pitch X-ring chain, 120 links with rivet-type master link, rated up to 1000 cc. Pre-lubricated and sealed for long service intervals.',
    unitPrice: 322.5,
    stock: 220,
    minOrder: 5,
  },
  {
    slug: 'front-sprocket-15t',
    sku: 'JTF1370.15RB',
    brand: 'JT Sprockets',
    category: 'drivetrain',
    name: '520 Front Sprocket 15T',
    description:
      'Heat-treated chromoly countershaft sprocket, 15 teeth, 520 pitch, with a rubber-damped hub for quieter running. Fits common 600–900 cc twins and fours.',
    unitPrice: 184.0,
    stock: 360,
    minOrder: 10,
  },
  {
    slug: 'rear-sprocket-45t',
    sku: 'RA-250-45',
    brand: 'Renthal',
    category: 'drivetrain',
    name: '7075 Aluminium Rear Sprocket 45T',
    description:
      'Lightweight hard-anodised 7075-T6 rear sprocket, 45 teeth, 520 pitch, 5-bolt pattern. A popular choice for track gearing and road gearing changes.',
    unitPrice: 210.0,
    stock: 150,
    minOrder: 5,
  },
  {
    slug: 'oil-filter-hf204',
    sku: 'HF204',
    brand: 'HiFloFiltro',
    category: 'filters',
    name: 'Spin-On Oil Filter HF204',
    description:
      'High-flow spin-on filter with anti-drainback valve and a 17 mm nut for easy removal; cross-references HF204. Fits a wide range of Honda, Kawasaki, Triumph and Yamaha engines.',
    unitPrice: 144.0,
    stock: 2000,
    minOrder: 20,
  },
  {
    slug: 'performance-air-filter',
    sku: 'HA-6098',
    brand: 'K&N',
    category: 'filters',
    name: 'Washable High-Flow Air Filter',
    description:
      'Reusable oiled-cotton panel filter with aluminium support mesh, a drop-in replacement for the OEM paper element. Supplied pre-oiled and cleanable for the life of the bike.',
    unitPrice: 195.6,
    stock: 180,
    minOrder: 4,
  },
  {
    slug: 'iridium-spark-plug',
    sku: 'CR9EIX',
    brand: 'NGK',
    category: 'ignition',
    name: 'Iridium Spark Plug CR9EIX',
    description:
      '0.6 mm iridium centre electrode for a stronger spark and up to three times the life of nickel plugs. M10 × 1.0 thread, 16 mm hex, heat range 9.',
    unitPrice: 116.0,
    stock: 1800,
    minOrder: 10,
  },
  {
    slug: 'sport-tyre-front-120-70-17',
    sku: '3445300',
    brand: 'Pirelli',
    category: 'tyres',
    name: 'Sport Radial Front Tyre 120/70 ZR17',
    description:
      'Dual-compound radial sport tyre for fast road riding and occasional track days, 58W load/speed index. Tubeless, DOT date code within six months of dispatch.',
    unitPrice: 278.0,
    stock: 96,
    minOrder: 2,
  },
  {
    slug: 'sport-tyre-rear-180-55-17',
    sku: '3445600',
    brand: 'Pirelli',
    category: 'tyres',
    name: 'Sport Radial Rear Tyre 180/55 ZR17',
    description:
      'Rear partner to our sport radial front: harder centre strip with softer shoulders, 73W index for middleweight and litre bikes. Tubeless, DOT date code within six months.',
    unitPrice: 358.0,
    stock: 80,
    minOrder: 2,
  },
  {
    slug: 'sport-mirror-pair',
    sku: 'MR-5531-BK',
    brand: 'Highsider',
    category: 'accessories',
    name: 'Sport Mirrors with LED Indicators – Pair',
    description:
      'E-marked folding mirrors with integrated LED indicators and M10 × 1.25 mounts, left-hand thread adapter included. Convex glass for a wider rear view.',
    unitPrice: 178.0,
    stock: 36,
    minOrder: 2,
  },
  {
    slug: 'adjustable-brake-lever',
    sku: 'LV-BR-212',
    brand: 'ASV Inventions',
    category: 'controls',
    name: 'CNC Adjustable Brake Lever',
    description:
      'Billet 6061 aluminium front brake lever with a 6-position span adjuster and a folding tip that gives way in a tip-over. Model-specific pivot: order by bike code.',
    unitPrice: 172.5,
    stock: 140,
    minOrder: 5,
  },
  {
    slug: 'adjustable-clutch-lever',
    sku: 'LV-CL-212',
    brand: 'ASV Inventions',
    category: 'controls',
    name: 'CNC Adjustable Clutch Lever',
    description:
      'Matching clutch-side lever with 6-position span adjuster and folding tip, for cable and hydraulic clutches. Hard-anodised finish resists fading.',
    unitPrice: 172.5,
    stock: 130,
    minOrder: 5,
  },
  {
    slug: 'slip-on-exhaust-silencer',
    sku: 'S-Y9SO7-HRC',
    brand: 'Akrapovič',
    category: 'exhaust',
    name: 'Stainless Slip-On Exhaust Silencer',
    description:
      'Slip-on silencer in 304 stainless steel with carbon end cap and removable dB killer; fits the OEM link pipe without remapping. EC type-approved for road use.',
    unitPrice: 389.0,
    stock: 6,
    minOrder: 1,
  },
  {
    slug: 'full-face-helmet',
    sku: 'RF1400-M-BK',
    brand: 'Shoei',
    category: 'protective-gear',
    name: 'Full-Face Sport Helmet – ECE 22.06',
    description:
      'Fibreglass composite shell with Pinlock-ready visor, removable washable liner and double-D ring closure. Cartons of four in a mixed S–XL size run.',
    unitPrice: 876.0,
    stock: 24,
    minOrder: 4,
  },
  {
    slug: 'leather-riding-gloves',
    sku: 'GL-3340-L',
    brand: 'Alpinestars',
    category: 'protective-gear',
    name: 'Leather Sport Riding Gloves – Pair',
    description:
      'Full-grain cowhide gloves with TPU knuckle armour, palm sliders and a wrist strap closure, CE-certified to EN 13594 level 1. Assorted sizes S–XXL per lot.',
    unitPrice: 590.0,
    stock: 300,
    minOrder: 10,
  },
  {
    slug: 'lithium-battery-12v',
    sku: 'HJTZ14S-FP',
    brand: 'Shorai',
    category: 'electrical',
    name: '12 V Lithium Motorcycle Battery LFP-14',
    description:
      'LiFePO4 starter battery with 240 CCA and a built-in state-of-charge indicator, about a third of the weight of lead-acid. Replaces YTX12-BS and YTX14-BS sizes.',
    unitPrice: 298.0,
    stock: 12,
    minOrder: 2,
  },
  {
    slug: 'led-headlight-7in',
    sku: 'HL-7R-LED',
    brand: 'Koso',
    category: 'electrical',
    name: '7-inch Round LED Headlight',
    description:
      'E-marked 7-inch LED unit with high/low beam projector and halo daytime running light on a plug-in H4 connector. Fits classic, café racer and cruiser headlight buckets.',
    unitPrice: 238.0,
    stock: 40,
    minOrder: 2,
  },
  {
    slug: 'led-indicators-pair',
    sku: 'IND-204-SMK',
    brand: 'Kellermann',
    category: 'electrical',
    name: 'Smoked LED Indicators – Pair',
    description: 'Compact E-marked 12 V LED indicators on flexible rubber stems with M8 mounts. Most models also need load resistors or an LED flasher relay.',
    unitPrice: 229.0,
    stock: 500,
    minOrder: 10,
  },
  {
    slug: 'dual-compound-grips',
    sku: 'G154',
    brand: 'Renthal',
    category: 'controls',
    name: 'Dual-Compound Handlebar Grips – Pair',
    description: 'Soft waffle-pattern grips moulded on a rigid inner core for 7/8-inch (22 mm) bars, 125 mm long with open ends for bar-end weights.',
    unitPrice: 145.0,
    stock: 420,
    minOrder: 10,
  },
  {
    slug: 'dot4-brake-fluid-500ml',
    sku: 'BF-DOT4-500',
    brand: 'Motul',
    category: 'fluids',
    name: 'DOT 4 Brake Fluid 500 ml',
    description:
      'Fully synthetic DOT 4 fluid with a 265 °C dry boiling point for hydraulic brake and clutch systems that specify DOT 3, 4 or 5.1. Sold by the case of 12 sealed bottles.',
    unitPrice: 117.6,
    stock: 960,
    minOrder: 12,
  },
  {
    slug: 'chain-lube-spray-400ml',
    sku: 'CL-ROAD-400',
    brand: 'Motul',
    category: 'fluids',
    name: 'Chain Lube Spray 400 ml',
    description:
      'Fling-resistant chain lubricant, safe for O-, X- and Z-ring chains, with a precision straw for road and track use. Sets to a tacky film in about ten minutes.',
    unitPrice: 142.8,
    stock: 720,
    minOrder: 12,
  },
  {
    slug: 'fork-seal-kit-43mm',
    sku: 'FSK-43-105',
    brand: 'All Balls Racing',
    category: 'suspension',
    name: 'Fork Seal Kit 43 mm',
    description:
      'Two double-lip oil seals and two dust wipers for 43 mm conventional and upside-down forks, in NBR with steel garter springs. Enough to service one bike.',
    unitPrice: 134.0,
    stock: 15,
    minOrder: 5,
  },
  {
    slug: 'clutch-friction-plate-kit',
    sku: 'CK3440',
    brand: 'EBC Brakes',
    category: 'drivetrain',
    name: 'Clutch Friction Plate Kit',
    description:
      'Complete set of cork-composite friction plates to OEM thickness for standard and mildly tuned engines. Model-specific, supplied with fitting instructions.',
    unitPrice: 222.0,
    stock: 60,
    minOrder: 3,
  },
  {
    slug: 'cnc-rearset-footpegs',
    sku: 'FP-501-BK',
    brand: 'Gilles Tooling',
    category: 'controls',
    name: 'CNC Aluminium Footpegs – Pair',
    description:
      'Knurled 6061 aluminium rider footpegs with stainless pivot pins and return springs. Bolt-on replacement for the OEM rubber pegs on most sport models.',
    unitPrice: 92.0,
    stock: 10,
    minOrder: 2,
  },
  {
    slug: 'adjustable-rear-shock',
    sku: 'YA-440-PB',
    brand: 'Öhlins',
    category: 'suspension',
    name: 'Adjustable Rear Shock with Piggyback',
    description:
      'Monoshock with piggyback reservoir, 20-click rebound and compression damping and a threaded preload collar. Built to order with the spring rate matched to rider weight.',
    unitPrice: 549.0,
    stock: 4,
    minOrder: 1,
  },
];

export const demoReviews: DemoReview[] = [
  {
    name: 'Marcus Lindqvist',
    avatar: '/images/avatars/rider-1.svg',
    description:
      'Ordered 40 pairs of sintered pads and a dozen discs ahead of the spring rush. Everything arrived in two days, boxed by part number, and the fitment notes were spot on.',
    review: 5,
  },
  {
    name: 'Amara Okafor',
    avatar: '/images/avatars/rider-2.svg',
    description: 'We run a small dealership and the trade pricing on tyres is the best we have found. Date codes were fresh, which our customers do check.',
    review: 5,
  },
  {
    name: 'Sophie Brennan',
    avatar: '/images/avatars/rider-3.svg',
    description: 'Good range of workshop consumables. One carton of chain lube arrived dented, but support sent replacements the same day without any fuss.',
    review: 4,
  },
  {
    name: 'Rafael Mendoza',
    avatar: '/images/avatars/rider-4.svg',
    description:
      'The piggyback shocks are excellent for the money and the spring rates were right for our customers. Lead time ran a week past the quote, so four stars.',
    review: 4,
  },
  {
    name: 'Mei Chen',
    avatar: '/images/avatars/rider-5.svg',
    description: 'Spark plugs and oil filters come in tidy trays of ten and twenty. Reordering our usual service parts takes a couple of minutes.',
    review: 5,
  },
  {
    name: 'Kwame Mensah',
    avatar: '/images/avatars/rider-6.svg',
    description: 'Quick dispatch and every part is labelled with the OEM cross-reference number, which saves my technicians a lot of time at the bench.',
    review: 5,
  },
  {
    name: 'Henrik Larsen',
    avatar: '/images/avatars/rider-7.svg',
    description: 'Twenty-five years running a service shop. The clutch plate kits are on par with genuine parts at a much better trade price.',
    review: 5,
  },
  {
    name: 'Priya Raman',
    avatar: '/images/avatars/rider-8.svg',
    description: 'Mixed size runs in the glove and helmet cartons are a smart idea: no more dead stock in XS. I would like a few more colour options.',
    review: 4,
  },
  {
    name: 'Jake Thornton',
    avatar: '/images/avatars/rider-9.svg',
    description: 'The LED indicators needed load resistors on our test bike. The description says so, so read it before you order. Otherwise solid parts.',
    review: 4,
  },
  {
    name: 'Lucía Fernández',
    avatar: '/images/avatars/rider-10.svg',
    description: 'Ordering is quick and the bulk quote came back within the hour. The packaging was overdone, though: far too much plastic for a box of grips.',
    review: 3,
  },
  {
    name: 'Tomasz Kowalski',
    avatar: '/images/avatars/rider-11.svg',
    description:
      'The fork seal kits fit our 43 mm USD forks perfectly. They were out of stock for two weeks last month, and I hope that does not happen again.',
    review: 3,
  },
  {
    name: 'Daniel Adeyemi',
    avatar: '/images/avatars/rider-12.svg',
    description: 'We bought a batch of lithium batteries for our rental fleet. Cold starts are far better and the weight saving is noticeable.',
    review: 5,
  },
  {
    name: 'Elena Petrova',
    avatar: '/images/avatars/rider-3.svg',
    description: 'Ordered rear sprockets in three tooth counts for our track-day club. The anodising is even and the teeth are cleanly machined.',
    review: 5,
  },
  {
    name: 'Oliver Grant',
    avatar: '/images/avatars/rider-1.svg',
    description: 'Support helped me pick the right lever pivot for an older model. The parts arrived the next morning with a signed packing check.',
    review: 4,
  },
  {
    name: 'Yusuf Demir',
    avatar: '/images/avatars/rider-6.svg',
    description: 'The silencers arrived well boxed with every approval stamp in place, so no problems at inspection. A fair price for the quality.',
    review: 4,
  },
];

/**
 * Issue #24: the shipping weight of one unit of each demo part, in grams, and
 * its packed size in millimetres where the carrier cares (tyres, exhaust,
 * shock, helmet). None is oversize: all of them go by parcel.
 */
export const demoShipping: Record<string, { weightGrams: number; dims?: [number, number, number] }> = {
  'sintered-front-brake-pads': { weightGrams: 250 },
  'wave-brake-disc-320': { weightGrams: 1100, dims: [330, 330, 20] },
  'x-ring-chain-520': { weightGrams: 2300 },
  'front-sprocket-15t': { weightGrams: 300 },
  'rear-sprocket-45t': { weightGrams: 450 },
  'oil-filter-hf204': { weightGrams: 250 },
  'performance-air-filter': { weightGrams: 350 },
  'iridium-spark-plug': { weightGrams: 45 },
  'sport-tyre-front-120-70-17': { weightGrams: 4500, dims: [600, 600, 130] },
  'sport-tyre-rear-180-55-17': { weightGrams: 6200, dims: [630, 630, 190] },
  'sport-mirror-pair': { weightGrams: 600 },
  'adjustable-brake-lever': { weightGrams: 150 },
  'adjustable-clutch-lever': { weightGrams: 150 },
  'slip-on-exhaust-silencer': { weightGrams: 3200, dims: [520, 160, 160] },
  'full-face-helmet': { weightGrams: 1600, dims: [380, 300, 300] },
  'leather-riding-gloves': { weightGrams: 400 },
  'lithium-battery-12v': { weightGrams: 1100 },
  'led-headlight-7in': { weightGrams: 900 },
  'led-indicators-pair': { weightGrams: 150 },
  'dual-compound-grips': { weightGrams: 250 },
  'dot4-brake-fluid-500ml': { weightGrams: 600 },
  'chain-lube-spray-400ml': { weightGrams: 450 },
  'fork-seal-kit-43mm': { weightGrams: 120 },
  'clutch-friction-plate-kit': { weightGrams: 900 },
  'cnc-rearset-footpegs': { weightGrams: 350 },
  'adjustable-rear-shock': { weightGrams: 2400, dims: [400, 120, 120] },
};

/**
 * Issue #26 item 4 (decision 166): the OEM and other makers' numbers a few demo parts answer to, so searching an OEM
 * number finds the part on a fresh install. Demo data: check real cross-references against the makers' catalogues.
 */
export const demoPartNumbers: Record<string, PartNumber[]> = {
  'sintered-front-brake-pads': [
    { kind: 'replaces', brand: 'Yamaha', number: '1WS-W0045-00' },
    { kind: 'equivalent', brand: 'SBS', number: '806HS' },
  ],
  'oil-filter-hf204': [
    { kind: 'replaces', brand: 'Honda', number: '15410-MFJ-D01' },
    { kind: 'replaces', brand: 'Yamaha', number: '5GH-13440-61' },
    { kind: 'equivalent', brand: 'K&N', number: 'KN-204' },
  ],
  'iridium-spark-plug': [
    { kind: 'equivalent', brand: 'Denso', number: 'IU27' },
    { kind: 'supersedes', brand: 'NGK', number: 'CR9EK' },
  ],
};
