import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SearchSynonym, searchSynonymInputSchema } from '@shop/shared';
import type { Db } from '../../db/client';
import { searchSynonyms } from '../../db/schema';
import { ConflictError, NotFoundError, isUuid } from '../../lib/errors';
import { recordAudit } from '../audit/audit.service';

/**
 * Issue #26 (decision 158): the synonym groups admins edit. Every write is audited; the search reads the groups
 * afresh after it (the write's answer drops the catalogue cache here, and the table's trigger tells every other
 * process, migration 0020).
 */

export interface Actor {
  id: string;
  email: string;
}

type Input = z.output<typeof searchSynonymInputSchema>;
type Row = typeof searchSynonyms.$inferSelect;

const notFound = () => new NotFoundError('No synonym group with that id.', 'SYNONYM_NOT_FOUND');

const toDto = (r: Row): SearchSynonym => ({ _id: r.id, terms: r.terms, updatedAt: r.updatedAt.toISOString() });

/** Every group, by its first term. */
export async function listSynonyms(db: Db): Promise<SearchSynonym[]> {
  const rows = await db
    .select()
    .from(searchSynonyms)
    .orderBy(asc(sql`${searchSynonyms.terms}[1]`), asc(searchSynonyms.id));
  return rows.map(toDto);
}

/** A group with the same terms as another (in any order) is refused: it would change nothing. */
async function refuseDuplicate(db: Pick<Db, 'select'>, terms: string[], except?: string): Promise<void> {
  const list = sql`ARRAY[${sql.join(
    terms.map((term) => sql`${term}`),
    sql`, `,
  )}]::text[]`;
  const [same] = await db
    .select({ id: searchSynonyms.id })
    .from(searchSynonyms)
    .where(sql`${searchSynonyms.terms} @> ${list} AND ${searchSynonyms.terms} <@ ${list}${except ? sql` AND ${searchSynonyms.id} <> ${except}` : sql``}`)
    .limit(1);
  if (same) throw new ConflictError('A synonym group with these terms exists already.', 'SYNONYM_EXISTS');
}

export async function createSynonym(db: Db, actor: Actor, input: Input): Promise<SearchSynonym> {
  return db.transaction(async (tx) => {
    await refuseDuplicate(tx, input.terms);
    const [row] = await tx.insert(searchSynonyms).values({ terms: input.terms }).returning();
    await recordAudit(tx, {
      actor,
      action: 'search_synonym.create',
      entityType: 'search_synonym',
      entityId: row.id,
      before: null,
      after: { terms: row.terms },
    });
    return toDto(row);
  });
}

export async function updateSynonym(db: Db, actor: Actor, id: string, input: Input): Promise<SearchSynonym> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)).for('update');
    if (!before) throw notFound();
    await refuseDuplicate(tx, input.terms, id);
    const [row] = await tx.update(searchSynonyms).set({ terms: input.terms, updatedAt: new Date() }).where(eq(searchSynonyms.id, id)).returning();
    await recordAudit(tx, {
      actor,
      action: 'search_synonym.update',
      entityType: 'search_synonym',
      entityId: id,
      before: { terms: before.terms },
      after: { terms: row.terms },
    });
    return toDto(row);
  });
}

export async function deleteSynonym(db: Db, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound();
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
    if (!gone) throw notFound();
    await recordAudit(tx, { actor, action: 'search_synonym.delete', entityType: 'search_synonym', entityId: id, before: { terms: gone.terms }, after: null });
  });
}
