/**
 * Demo vehicles and the fitment of the demo parts (issue #11, decision 130).
 *
 * Real makes and models with their real model years (the generation the shop
 * stocks parts for). `ranges` lists the years on sale; a gap means the model
 * was not sold (Honda CBR600RR 2017-2020, KTM 790 Duke 2021-2022).
 * Fitment is believable, not a maker's catalogue: tyre sizes, filter and plug
 * numbers match the bikes, the Akrapovič slip-on is the MT-09 2014-2020 one.
 * Models still on sale run to 2027 (issue #26: the list is current, with the
 * makes a European and American shop sells most); the fitment lines keep the
 * years the parts were checked against.
 */
import type { Fitment } from '@shop/shared';

export interface DemoVehicle {
  make: string;
  model: string;
  ranges: [number, number][];
  /** Variants sold beside (or, when `baseModel` is false, instead of) the base model. */
  variants?: { name: string; ranges: [number, number][] }[];
  baseModel?: boolean;
}

export const demoVehicles: DemoVehicle[] = [
  { make: 'Aprilia', model: 'RS 660', ranges: [[2021, 2027]] },
  { make: 'Aprilia', model: 'Tuono 660', ranges: [[2021, 2027]] },
  { make: 'BMW', model: 'R 1250 GS', ranges: [[2019, 2023]], variants: [{ name: 'Adventure', ranges: [[2019, 2023]] }] },
  { make: 'BMW', model: 'R 1300 GS', ranges: [[2024, 2027]], variants: [{ name: 'Adventure', ranges: [[2025, 2027]] }] },
  { make: 'BMW', model: 'S 1000 RR', ranges: [[2019, 2027]] },
  { make: 'BMW', model: 'F 900 R', ranges: [[2020, 2027]] },
  { make: 'Ducati', model: 'Monster', ranges: [[2021, 2027]] },
  { make: 'Ducati', model: 'Multistrada V4', ranges: [[2021, 2027]] },
  { make: 'Ducati', model: 'Panigale V2', ranges: [[2020, 2027]] },
  { make: 'Ducati', model: 'Panigale V4', ranges: [[2018, 2027]] },
  { make: 'Ducati', model: 'Scrambler Icon', ranges: [[2015, 2024]] },
  { make: 'Harley-Davidson', model: 'Sportster S', ranges: [[2021, 2027]] },
  { make: 'Harley-Davidson', model: 'Street Glide', ranges: [[2024, 2027]] },
  { make: 'Honda', model: 'CB500F', ranges: [[2013, 2024]] },
  { make: 'Honda', model: 'CB650R', ranges: [[2019, 2027]] },
  { make: 'Honda', model: 'CBR650R', ranges: [[2019, 2027]] },
  {
    make: 'Honda',
    model: 'CBR600RR',
    ranges: [
      [2003, 2016],
      [2021, 2024],
    ],
  },
  { make: 'Honda', model: 'CRF1100L Africa Twin', ranges: [[2020, 2027]], variants: [{ name: 'Adventure Sports', ranges: [[2020, 2027]] }] },
  { make: 'Indian', model: 'Scout', ranges: [[2015, 2027]] },
  { make: 'Kawasaki', model: 'Z900', ranges: [[2017, 2027]] },
  { make: 'Kawasaki', model: 'Ninja 650', ranges: [[2017, 2027]] },
  { make: 'Kawasaki', model: 'Versys 650', ranges: [[2015, 2024]] },
  { make: 'KTM', model: '390 Duke', ranges: [[2013, 2027]] },
  {
    make: 'KTM',
    model: '790 Duke',
    ranges: [
      [2018, 2020],
      [2023, 2027],
    ],
  },
  { make: 'KTM', model: '890 Duke', ranges: [[2021, 2027]] },
  { make: 'KTM', model: '1290 Super Duke R', ranges: [[2014, 2024]] },
  { make: 'Royal Enfield', model: 'Himalayan', ranges: [[2016, 2027]] },
  { make: 'Royal Enfield', model: 'Interceptor 650', ranges: [[2018, 2027]] },
  { make: 'Suzuki', model: 'GSX-8S', ranges: [[2023, 2027]] },
  { make: 'Suzuki', model: 'GSX-S750', ranges: [[2015, 2022]] },
  { make: 'Suzuki', model: 'SV650', ranges: [[2016, 2024]] },
  { make: 'Suzuki', model: 'V-Strom 650', ranges: [[2004, 2027]] },
  { make: 'Suzuki', model: 'V-Strom 800DE', ranges: [[2023, 2027]] },
  {
    make: 'Triumph',
    model: 'Street Triple 765',
    ranges: [[2017, 2027]],
    baseModel: false,
    variants: [
      { name: 'S', ranges: [[2017, 2022]] },
      { name: 'R', ranges: [[2017, 2027]] },
      { name: 'RS', ranges: [[2017, 2027]] },
    ],
  },
  { make: 'Triumph', model: 'Bonneville T120', ranges: [[2016, 2024]] },
  { make: 'Triumph', model: 'Tiger 900', ranges: [[2020, 2027]] },
  { make: 'Triumph', model: 'Trident 660', ranges: [[2021, 2027]] },
  { make: 'Yamaha', model: 'MT-07', ranges: [[2014, 2027]] },
  { make: 'Yamaha', model: 'MT-09', ranges: [[2014, 2027]], variants: [{ name: 'SP', ranges: [[2018, 2027]] }] },
  { make: 'Yamaha', model: 'R7', ranges: [[2022, 2027]] },
  { make: 'Yamaha', model: 'Ténéré 700', ranges: [[2019, 2027]] },
  { make: 'Yamaha', model: 'YZF-R6', ranges: [[2006, 2020]] },
];

/** One row per model year (and variant): what the vehicles table holds. */
export function demoVehicleRows(): { make: string; model: string; year: number; variant: string | null }[] {
  const rows: { make: string; model: string; year: number; variant: string | null }[] = [];
  const years = (ranges: [number, number][]) => ranges.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
  for (const v of demoVehicles) {
    if (v.baseModel !== false) for (const year of years(v.ranges)) rows.push({ make: v.make, model: v.model, year, variant: null });
    for (const variant of v.variants ?? []) for (const year of years(variant.ranges)) rows.push({ make: v.make, model: v.model, year, variant: variant.name });
  }
  return rows;
}

const f = (make: string, model: string, yearFrom: number, yearTo: number, more: Pick<Fitment, 'position' | 'perVehicle' | 'notes'> = {}): Fitment => ({
  make,
  model,
  yearFrom,
  yearTo,
  ...more,
});
/** Issue #35 item 1 (decision 192): where the part goes and how many a bike takes, as an ACES application says. */
const front = { position: 'front' };
const rear = { position: 'rear' };
const frontPair = { position: 'front', perVehicle: 2, notes: 'One set per caliper' };

/** By demo part number: `universal` or the fitment lines. Every demo part is listed (the seed test checks it). */
export const demoFitment: Record<string, 'universal' | Fitment[]> = {
  // Brakes
  FA244HH: [
    f('Yamaha', 'YZF-R6', 2006, 2016, frontPair),
    f('Yamaha', 'MT-09', 2014, 2020, frontPair),
    f('Yamaha', 'MT-07', 2014, 2024, frontPair),
    f('Yamaha', 'Ténéré 700', 2019, 2024, frontPair),
  ],
  MD2093X: [f('Honda', 'CBR600RR', 2007, 2016, front), f('Honda', 'CBR600RR', 2021, 2024, front), f('Honda', 'CB650R', 2019, 2024, front)],
  'BF-DOT4-500': 'universal',
  // Drivetrain
  '520VX3G-120': [
    f('Honda', 'CB500F', 2013, 2024),
    f('Kawasaki', 'Ninja 650', 2017, 2024),
    f('Kawasaki', 'Versys 650', 2015, 2024),
    f('KTM', '390 Duke', 2013, 2024),
    f('Suzuki', 'SV650', 2016, 2024),
    f('Yamaha', 'MT-07', 2014, 2024),
  ],
  'JTF1370.15RB': [f('Suzuki', 'SV650', 2016, 2024, front), f('Suzuki', 'GSX-S750', 2015, 2022, front)],
  'RA-250-45': [f('Suzuki', 'SV650', 2016, 2024, rear), f('Yamaha', 'MT-07', 2014, 2024, rear)],
  CK3440: [f('Suzuki', 'SV650', 2016, 2024), f('Suzuki', 'V-Strom 650', 2004, 2024), f('Suzuki', 'GSX-S750', 2015, 2022)],
  'CL-ROAD-400': 'universal',
  // Filters and ignition
  HF204: [
    f('Honda', 'CB500F', 2013, 2024),
    f('Honda', 'CB650R', 2019, 2024),
    f('Honda', 'CBR600RR', 2003, 2016),
    f('Honda', 'CBR600RR', 2021, 2024),
    f('Honda', 'CRF1100L Africa Twin', 2020, 2024),
    f('Kawasaki', 'Ninja 650', 2017, 2024),
    f('Kawasaki', 'Versys 650', 2015, 2024),
    f('Kawasaki', 'Z900', 2017, 2024),
    f('Triumph', 'Bonneville T120', 2016, 2024),
    f('Triumph', 'Street Triple 765', 2017, 2024),
    f('Yamaha', 'MT-07', 2014, 2024),
    f('Yamaha', 'MT-09', 2014, 2024),
    f('Yamaha', 'Ténéré 700', 2019, 2024),
    f('Yamaha', 'YZF-R6', 2006, 2020),
  ],
  'HA-6098': [f('Honda', 'CB500F', 2013, 2018)],
  CR9EIX: [
    f('Kawasaki', 'Ninja 650', 2017, 2024),
    f('Kawasaki', 'Versys 650', 2015, 2024),
    f('Yamaha', 'MT-07', 2014, 2024),
    f('Yamaha', 'Ténéré 700', 2019, 2024),
  ],
  // Tyres: every bike on a 120/70 ZR17 front, and the ones on a 180/55 ZR17 rear
  '3445300': [
    f('BMW', 'F 900 R', 2020, 2024, front),
    f('Ducati', 'Monster', 2021, 2024, front),
    f('Honda', 'CB650R', 2019, 2024, front),
    f('Honda', 'CBR600RR', 2003, 2016, front),
    f('Honda', 'CBR600RR', 2021, 2024, front),
    f('Kawasaki', 'Ninja 650', 2017, 2024, front),
    f('Kawasaki', 'Z900', 2017, 2024, front),
    f('KTM', '790 Duke', 2018, 2024, front),
    f('Suzuki', 'SV650', 2016, 2024, front),
    f('Triumph', 'Street Triple 765', 2017, 2024, front),
    f('Yamaha', 'MT-07', 2014, 2024, front),
    f('Yamaha', 'MT-09', 2014, 2024, front),
  ],
  '3445600': [
    f('BMW', 'F 900 R', 2020, 2024, rear),
    f('Ducati', 'Monster', 2021, 2024, rear),
    f('Honda', 'CB650R', 2019, 2024, rear),
    f('Honda', 'CBR600RR', 2003, 2016, rear),
    f('Honda', 'CBR600RR', 2021, 2024, rear),
    f('Kawasaki', 'Z900', 2017, 2024, rear),
    f('KTM', '790 Duke', 2018, 2024, rear),
    f('Triumph', 'Street Triple 765', 2017, 2024, rear),
    f('Yamaha', 'MT-07', 2014, 2024, rear),
    f('Yamaha', 'MT-09', 2014, 2024, rear),
  ],
  // Controls and accessories
  'MR-5531-BK': [
    f('Honda', 'CB500F', 2013, 2024),
    f('Honda', 'CB650R', 2019, 2024),
    f('Kawasaki', 'Z900', 2017, 2024),
    f('Suzuki', 'SV650', 2016, 2024),
    f('Yamaha', 'MT-07', 2014, 2024),
    f('Yamaha', 'MT-09', 2014, 2024),
  ],
  'LV-BR-212': [f('Yamaha', 'MT-07', 2014, 2024), f('Yamaha', 'MT-09', 2014, 2020), f('Yamaha', 'YZF-R6', 2006, 2016)],
  'LV-CL-212': [f('Yamaha', 'MT-07', 2014, 2024), f('Yamaha', 'MT-09', 2014, 2020), f('Yamaha', 'YZF-R6', 2006, 2016)],
  G154: 'universal',
  'FP-501-BK': [f('Kawasaki', 'Z900', 2017, 2024), f('Kawasaki', 'Ninja 650', 2017, 2024)],
  // Exhaust: the Akrapovič slip-on of the first two MT-09 generations
  'S-Y9SO7-HRC': [f('Yamaha', 'MT-09', 2014, 2020)],
  // Protective gear
  'RF1400-M-BK': 'universal',
  'GL-3340-L': 'universal',
  // Electrical
  'HJTZ14S-FP': [f('Honda', 'CRF1100L Africa Twin', 2020, 2024), f('Yamaha', 'MT-09', 2014, 2020), f('BMW', 'S 1000 RR', 2019, 2024)],
  'HL-7R-LED': [f('Triumph', 'Bonneville T120', 2016, 2024), f('Ducati', 'Scrambler Icon', 2015, 2024)],
  'IND-204-SMK': 'universal',
  // Suspension
  'FSK-43-105': [
    f('BMW', 'F 900 R', 2020, 2024),
    f('KTM', '790 Duke', 2018, 2024),
    f('Suzuki', 'V-Strom 650', 2004, 2024),
    f('Yamaha', 'Ténéré 700', 2019, 2024),
  ],
  'YA-440-PB': [f('Yamaha', 'MT-07', 2014, 2024)],
};
