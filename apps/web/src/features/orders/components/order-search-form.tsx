import { useEffect, useState, type FormEvent } from 'react';
import { adminOrdersCopy } from '@shop/shared/copy/admin-orders';

const t = adminOrdersCopy;

/** The search applies on submit (Enter or the button), so typing does not fire a request per key. */
export function OrderSearchForm({ value, onSearch }: { value: string; onSearch(q: string): void }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex w-full max-w-xl flex-wrap items-center gap-2">
      <label htmlFor="orders-search" className="sr-only">
        {t.searchLabel}
      </label>
      <input
        id="orders-search"
        type="search"
        className="input min-w-0 flex-1"
        placeholder={t.searchPlaceholder}
        aria-describedby="orders-search-hint"
        value={draft}
        maxLength={200}
        onChange={(e) => setDraft(e.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        {t.searchButton}
      </button>
      {value && (
        <button type="button" className="btn btn-ghost" onClick={() => onSearch('')}>
          {t.clearSearch}
        </button>
      )}
      <p id="orders-search-hint" className="w-full text-xs text-base-content/75">
        {t.searchHint}
      </p>
    </form>
  );
}
