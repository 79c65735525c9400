import { fitmentEntryCount, fitmentGroupsPage, groupFitment } from '@shop/shared/fitment-list';
import type { FitmentListPage, FitmentListQuery } from '@shop/shared/schemas/fitment-list';
import type { Db } from '../../db/client';
import { fitmentsByProduct, findProductRow } from './products.service';

/**
 * GET /product/{id}/fitment (issue #35 item 6, decision 217): a part's fit list one page at a time, grouped as the part
 * page shows it (make, then model, with year spans and details), with every make and its counts for a make filter.
 * The part's lines are read with one indexed query (2,001 lines: a few milliseconds) and grouped here; the answer is
 * kept by the catalogue cache until the catalogue changes.
 */
export async function fitmentListPage(db: Db, id: string, query: FitmentListQuery): Promise<FitmentListPage> {
  const product = await findProductRow(db, id);
  const lines = product.universal ? [] : ((await fitmentsByProduct(db, [id])).get(id) ?? []);
  const groups = groupFitment(lines);
  const applications = new Map<string, number>();
  for (const l of lines) applications.set(l.make, (applications.get(l.make) ?? 0) + 1);
  const makes = groups.map((g) => ({ make: g.make, models: g.models.length, applications: applications.get(g.make) ?? 0 }));

  const asked = query.make?.trim() || null;
  const chosen = asked === null ? groups : groups.filter((g) => g.make.toLowerCase() === asked.toLowerCase());
  const entries = fitmentEntryCount(chosen);
  return {
    applications: lines.length,
    makes,
    make: asked === null ? null : (chosen[0]?.make ?? asked),
    entries,
    page: query.page,
    limit: query.limit,
    pages: Math.max(1, Math.ceil(entries / query.limit)),
    groups: fitmentGroupsPage(chosen, query.page, query.limit),
    universal: product.universal,
  };
}
