/**
 * Issue #36 item 1 (decision 197): parts diagrams. The rules both apps share: a vehicle's address word, the
 * quantity a diagram row starts at, and the callout CSV's columns.
 */

/** The largest callout number and quantity per vehicle a diagram row may carry. */
export const DIAGRAM_CALLOUT_MAX = 999;
export const DIAGRAM_QUANTITY_MAX = 999;
/** Rows in one callout CSV. */
export const DIAGRAM_CALLOUTS_MAX = 300;

/** "2019-yamaha-mt-07", "2020-bmw-r-1250-gs-adventure", "2021-yamaha-tenere-700": lower case, accents dropped. */
export function vehicleSlug(v: { year: number; make: string; model: string; variant?: string | null }): string {
  return slugWords(`${v.year} ${v.make} ${v.model} ${v.variant ?? ''}`);
}

/** Words as an address: lower case, accents dropped, anything else between words a single dash. */
export function slugWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The quantity a diagram row starts at: what one vehicle takes, raised to the part's minimum order (the shop sells
 * a part only in quantities from its minimum order up), so "2 per bike" of pads sold from 10 starts at 10.
 */
export function diagramQuantity(perVehicle: number, minOrder: number): number {
  return Math.max(perVehicle, minOrder);
}

/** The callout CSV (admin import and export): one row per callout; `label` and `notes` may be empty. */
export const DIAGRAM_CSV_COLUMNS = ['number', 'part_number', 'label', 'quantity', 'notes', 'x', 'y', 'w', 'h'] as const;
/** The columns a file must have (label may be left out: the part's name is shown). */
export const DIAGRAM_CSV_REQUIRED = ['number', 'part_number', 'quantity', 'x', 'y', 'w', 'h'] as const;

/** A hotspot as percentages of the drawing (0–100, top-left origin). */
export interface HotspotBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * A hotspot of the given size centred where the admin clicked, kept inside the drawing (percentages).
 * Rounded to 0.1 %, which is finer than any drawing needs.
 */
export function hotspotAt(cx: number, cy: number, w: number, h: number): HotspotBox {
  const round = (n: number) => Math.round(n * 10) / 10;
  const clamp = (n: number, size: number) => Math.min(Math.max(n - size / 2, 0), 100 - size);
  return { x: round(clamp(cx, w)), y: round(clamp(cy, h)), w: round(w), h: round(h) };
}
