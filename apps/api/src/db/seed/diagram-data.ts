/**
 * Issue #36 item 1 (decision 197): the demo shop's parts diagrams, drawn for it (apps/web/public/images/diagrams),
 * never an OEM's drawing. Numbers the shop does not sell are believable OEM-style numbers, shown as "Not sold here";
 * callout 1 of the front brake names the OEM pad number the demo pads replace, so the page shows "Replaces …".
 */
import { hotspotAt } from '@shop/shared';

export interface DemoDiagram {
  slug: string;
  name: string;
  description: string;
  image: string;
  make: string;
  model: string;
  years: [number, number];
  /** number, part number, label, per bike, notes, hotspot centre (percent of the drawing) */
  callouts: [number, string, string, number, string, [number, number]][];
}

export const demoDiagrams: DemoDiagram[] = [
  {
    slug: 'front-brake',
    name: 'Front brake',
    description: 'Discs, calipers, pads, lever and fluid of the twin front brake.',
    image: '/images/diagrams/mt07-front-brake.svg',
    make: 'Yamaha',
    model: 'MT-07',
    years: [2014, 2024],
    callouts: [
      [1, '1WS-W0045-00', 'Brake pads (pair)', 2, 'One set per caliper', [63.1, 96]],
      [2, '1WS-2582T-00', 'Front brake disc', 2, '', [20, 23.3]],
      [3, '1WS-2580U-00', 'Brake caliper assembly', 2, '', [58.8, 25]],
      [4, 'LV-BR-212', 'Brake lever', 1, '', [57.5, 12]],
      [5, 'BF-DOT4-500', 'Brake fluid DOT 4', 1, 'One bottle fills and bleeds the system', [85.6, 63.3]],
      [6, '90105-08X26', 'Caliper mounting bolt', 4, '', [93.8, 30]],
    ],
  },
  {
    slug: 'drive-chain',
    name: 'Drive chain and sprockets',
    description: 'Chain, front and rear sprockets, slider and lube of the final drive.',
    image: '/images/diagrams/mt07-drive-chain.svg',
    make: 'Yamaha',
    model: 'MT-07',
    years: [2014, 2024],
    callouts: [
      [1, '520VX3G-120', 'Drive chain 520, 120 links', 1, 'Change with both sprockets', [45, 20]],
      [2, '9383B-15217-00', 'Front sprocket 15T', 1, '', [11.9, 34.2]],
      [3, 'RA-250-45', 'Rear sprocket 45T', 1, '', [90, 75]],
      [4, 'CL-ROAD-400', 'Chain lube', 1, 'Every 500 km', [11.3, 65]],
      [5, '1WS-22151-00', 'Chain slider', 1, '', [45.6, 81.7]],
    ],
  },
  {
    slug: 'handlebar-controls',
    name: 'Handlebar controls',
    description: 'Levers, mirrors, grips and switch gear on the handlebar.',
    image: '/images/diagrams/mt09-handlebar-controls.svg',
    make: 'Yamaha',
    model: 'MT-09',
    years: [2014, 2020],
    callouts: [
      [1, 'LV-BR-212', 'Brake lever', 1, '', [95, 80]],
      [2, 'LV-CL-212', 'Clutch lever', 1, '', [5, 80]],
      [3, 'MR-5531-BK', 'Mirrors (pair)', 1, '', [37.5, 13.3]],
      [4, 'G154', 'Handlebar grips (pair)', 1, '', [11.9, 43.3]],
      [5, '1RC-83973-00', 'Handlebar switch, left', 1, '', [31.3, 70]],
    ],
  },
];

/** The demo hotspots: 6 % by 8 % of the drawing (48 px on the 800 × 600 drawings), centred on the callout. */
export const demoHotspot = (centre: [number, number]) => hotspotAt(centre[0], centre[1], 6, 8);
