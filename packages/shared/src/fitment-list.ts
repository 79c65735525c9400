import { applicationDetails } from './fitment';
import { compareNames } from './intl';
import type { Fitment } from './schemas/vehicle';

/**
 * The part page's list of the bikes a part fits (issue #26 item 5), grouped by make, then model, with year spans.
 * Issue #35 (decision 217): one implementation for the page (a part with few lines) and the API's paged fit list
 * (`GET /product/{id}/fitment`, a part with hundreds or thousands of applications).
 */
export interface FitmentGroupEntry {
  model: string;
  variant?: string;
  /** Its spans, oldest first: "2003–2016, 2021–2024". */
  years: string;
  /** "front · 2 per bike · One set per caliper", where the lines say any of it. */
  details?: string;
}

export interface FitmentGroup {
  make: string;
  /**
   * One entry per model (and variant, and details): its spans, oldest first. Issue #35 item 1 (decision 192): lines
   * that say where the part goes or how many a bike takes keep those details, so a front and a rear line of one model
   * are two entries; lines of one model with the same details share an entry, as plain lines always did.
   */
  models: FitmentGroupEntry[];
}

/** How many models (entries) one page of the fit list shows; a part with no more than this shows its list whole. */
export const FIT_LIST_PAGE_SIZE = 25;

const span = (from: number, to: number) => (from === to ? String(from) : `${from}–${to}`);

/**
 * The fitment lines grouped by make, then model, A to Z; a model's spans oldest first ("CBR600RR 2003–2016,
 * 2021–2024"), with the lines' details after them where they have any ("MT-07 2014–2024 · front · 2 per bike").
 */
export function groupFitment(fitment: readonly Fitment[]): FitmentGroup[] {
  const makes = new Map<string, Map<string, Fitment[]>>();
  for (const line of fitment) {
    const entries = makes.get(line.make) ?? new Map<string, Fitment[]>();
    makes.set(line.make, entries);
    const key = [line.model, line.variant ?? '', applicationDetails(line)].join('\u0000');
    const list = entries.get(key);
    if (list) list.push(line);
    else entries.set(key, [line]);
  }
  return [...makes.entries()]
    .sort(([a], [b]) => compareNames(a, b))
    .map(([make, entries]) => ({
      make,
      models: [...entries.values()]
        .map((lines) => [...lines].sort((a, b) => a.yearFrom - b.yearFrom || a.yearTo - b.yearTo))
        .sort(
          ([a], [b]) =>
            compareNames(a.model, b.model) ||
            compareNames(a.variant ?? '', b.variant ?? '') ||
            a.yearFrom - b.yearFrom ||
            compareNames(applicationDetails(a), applicationDetails(b)),
        )
        .map((lines) => {
          const [first] = lines;
          const details = applicationDetails(first);
          return {
            model: first.model,
            ...(first.variant ? { variant: first.variant } : {}),
            years: lines.map((l) => span(l.yearFrom, l.yearTo)).join(', '),
            ...(details ? { details } : {}),
          };
        }),
    }));
}

/** How many model entries the grouped list has. */
export const fitmentEntryCount = (groups: readonly FitmentGroup[]) => groups.reduce((n, g) => n + g.models.length, 0);

/**
 * One page of the grouped list: `limit` model entries from entry (page − 1) × limit on, each page's entries under
 * their make (a make cut by a page break is named again at the top of the next page).
 */
export function fitmentGroupsPage(groups: readonly FitmentGroup[], page: number, limit: number): FitmentGroup[] {
  const from = (page - 1) * limit;
  const to = from + limit;
  const out: FitmentGroup[] = [];
  let at = 0;
  for (const g of groups) {
    const start = Math.max(from - at, 0);
    const end = Math.min(to - at, g.models.length);
    if (start < end) out.push({ make: g.make, models: g.models.slice(start, end) });
    at += g.models.length;
    if (at >= to) break;
  }
  return out;
}
