import { useState } from 'react';
import { searchMissProposalsCopy } from '@shop/shared/copy/search';
import type { SearchMissProposal } from '@shop/shared/schemas/search';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useApplyMissProposal } from '../api/search-misses';

const t = searchMissProposalsCopy;

/** What applying the proposal does, in words. */
export const proposalText = (p: SearchMissProposal) => (p.kind === 'synonym' ? t.synonym(p.word, p.term) : t.nickname(p.word, p.make, p.model));

/** Why it is proposed, in words. */
export function evidenceText(query: string, p: SearchMissProposal): string {
  const e = p.evidence;
  const target = p.kind === 'synonym' ? p.term : `${p.make} ${p.model}`;
  if (e.kind === 'followed') return t.followed(e.clients, query, e.then);
  if (e.kind === 'typo') return t.typo(p.word, target, e.distance, e.allowed, e.products);
  return t.modelName(p.word, target, e.distance);
}

/**
 * Issue #38 item 2 (decision 203): under a search that found nothing, the synonyms and model nicknames its evidence
 * supports, each with a button that applies it through the synonym or nickname routes (their checks, their audit). An
 * applied proposal shows as answered until the proposals are read again, which no longer have it; a refused one stays,
 * with the server's words in a toast.
 */
export function MissProposalList({ query, proposals }: { query: string; proposals: readonly SearchMissProposal[] }) {
  const apply = useApplyMissProposal();
  const [answered, setAnswered] = useState<ReadonlySet<string>>(() => new Set());
  const onApply = (p: SearchMissProposal) =>
    apply.mutate(p, {
      onSuccess: () => {
        setAnswered((s) => new Set(s).add(p.word));
        toastSuccess(p.kind === 'synonym' ? t.appliedSynonym(p.word, p.term) : t.appliedNickname(p.word, p.make, p.model));
      },
      onError: (err) => toastError(err.message),
    });
  if (proposals.length === 0) return null;
  return (
    <div className="min-w-0 rounded-field border border-info/40 bg-info/10 p-3">
      <p className="text-xs font-semibold uppercase tracking-wider text-base-content/80">{t.title}</p>
      <ul aria-label={t.missLabel(query)} className="mt-2 flex flex-col gap-3">
        {proposals.map((p) => {
          const text = proposalText(p);
          const applying = apply.isPending && apply.variables === p;
          return (
            <li key={`${p.kind}\n${p.word}`} className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="break-words font-medium">{text}</p>
                <p className="break-words text-sm text-base-content/80">{evidenceText(query, p)}</p>
              </div>
              {answered.has(p.word) ? (
                <span className="badge badge-success shrink-0 self-start">{t.answered}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary btn-sm shrink-0 self-start"
                  onClick={() => onApply(p)}
                  disabled={apply.isPending}
                  aria-busy={applying}
                  aria-label={t.applyFor(text)}
                >
                  {applying && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                  {applying ? t.applying : t.apply}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
