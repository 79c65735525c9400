import { useEffect, useState, type FormEvent } from 'react';

export interface AdminSearchCopy {
  /** The box's accessible name, and the search landmark's: "Search products". */
  label: string;
  placeholder: string;
  button: string;
  clear: string;
  /** What the search finds, under the box. */
  hint?: string;
}

/**
 * Issue #25: the search box of an admin list (Manage Products, Make Admin). Like the orders' search, it applies
 * on submit (Enter or the button), so typing sends no request per key; the page keeps the search in its address.
 */
export function AdminSearchForm({ id, copy, value, onSearch }: { id: string; copy: AdminSearchCopy; value: string; onSearch(q: string): void }) {
  const [draft, setDraft] = useState(value);
  // Back, forward and Clear change the address first; the box follows it.
  useEffect(() => setDraft(value), [value]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim());
  };
  const hintId = `${id}-hint`;
  return (
    <form role="search" aria-label={copy.label} onSubmit={submit} className="flex w-full max-w-xl flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {copy.label}
      </label>
      <input
        id={id}
        type="search"
        className="input min-w-0 flex-1 basis-48"
        placeholder={copy.placeholder}
        aria-describedby={copy.hint ? hintId : undefined}
        value={draft}
        maxLength={200}
        onChange={(e) => setDraft(e.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        {copy.button}
      </button>
      {value && (
        <button type="button" className="btn btn-ghost" onClick={() => onSearch('')}>
          {copy.clear}
        </button>
      )}
      {copy.hint && (
        <p id={hintId} className="w-full text-xs text-base-content/75">
          {copy.hint}
        </p>
      )}
    </form>
  );
}
