import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { searchCopy } from '@shop/shared/copy/search';
import { partNumberLabel } from '@shop/shared/part-numbers';
import { paths } from '../../../config/paths';
import { piecePrice } from '@shop/shared/piece-price';
import { SearchIcon } from '../../../components/ui/icons';
import { BikeIcon } from '../../garage/components/fit-icons';
import { GuideIcon } from '../../diagrams/components/guide-icon';
import { useSuggestions } from '../api/search';
import { readSearchState, searchUrl } from '../search-params';

const t = searchCopy;
/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 200;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

/**
 * The navbar's part search (issue #9): a combobox with up to 8 suggestions
 * as you type (WAI-ARIA combobox pattern with a listbox popup). Arrow keys
 * move through the suggestions, Enter opens the chosen part, or the results
 * page when none is chosen; Escape closes the list. A plain GET form to
 * /search as well, so it works before the app's script has run.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const onSearchPage = location.pathname === paths.search;
  const urlQ = onSearchPage ? readSearchState(new URLSearchParams(location.search)).q : '';
  const [value, setValue] = useState(urlQ);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputId = useId();
  const listId = useId();
  const root = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // Words typed before the page hydrated are in the box but not in the state: adopt them (issue #23 item 4).
  useEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== '') setValue((current) => (current === '' ? typed : current));
  }, []);

  // The box shows the words of the results page on screen (a link, the back button).
  useEffect(() => {
    if (onSearchPage) setValue(urlQ);
  }, [onSearchPage, urlQ]);
  // Following a link closes the list.
  useEffect(() => {
    setOpen(false);
    setActive(-1);
  }, [location.pathname, location.search]);

  const q = useDebounced(value.trim(), SUGGEST_DEBOUNCE_MS);
  const { data, isFetching } = useSuggestions(q);
  const suggestions = q && data ? data.items : [];
  // Issue #26 item 3 (decision 167): bikes the words may be the start of, above the parts ("mt-0" → MT-07, MT-09).
  const bikes = q && data?.bikes ? data.bikes : [];
  // Issue #36 item 4 (decision 197): the named bike's diagrams (and job baskets) whose names hold the other words
  // ("mt07 brake"); a bike's name alone offers the bike and its parts, as before (its results page lists them all).
  const guides = q && data?.guides && data.namedVehicle?.rest.trim() ? data.guides : [];
  const options = [
    ...bikes.map((b) => ({ kind: 'bike' as const, bike: b })),
    ...guides.map((g) => ({ kind: 'guide' as const, guide: g })),
    ...suggestions.map((p) => ({ kind: 'part' as const, part: p })),
  ];
  const firstPart = bikes.length + guides.length;
  const expanded = open && value.trim().length > 0 && q.length > 0;

  const optionId = (i: number) => `${listId}-option-${i}`;
  const openPart = (id: string) => {
    setOpen(false);
    navigate(paths.part(id));
  };
  const openBike = (b: { make: string; model: string }) => {
    setOpen(false);
    setActive(-1);
    navigate(searchUrl({ q: `${b.make} ${b.model}` }));
  };
  const openGuide = (path: string) => {
    setOpen(false);
    setActive(-1);
    navigate(path);
  };
  const choose = (o: (typeof options)[number]) => (o.kind === 'bike' ? openBike(o.bike) : o.kind === 'guide' ? openGuide(o.guide.path) : openPart(o.part._id));
  const openResults = () => {
    // What the box shows: a search sent before hydration is sent again before the state has caught up with it.
    const words = (input.current?.value ?? value).trim();
    setOpen(false);
    setActive(-1);
    navigate(searchUrl({ q: words }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (expanded && active >= 0 && options[active]) choose(options[active]);
    else openResults();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      const n = options.length;
      if (n === 0) return;
      // -1 is the input itself: the words as typed.
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1 >= n ? -1 : i + 1) : i - 1 < -1 ? n - 1 : i - 1));
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        setValue('');
      }
    }
  };

  return (
    // A real form (issue #39 item 3): before the script has run, or without it, the browser itself opens the results
    // page with the words typed (`/search?q=…`, the parameter the page reads); once hydrated, onSubmit does it in the app.
    <form
      ref={root}
      role="search"
      aria-label={t.label}
      action={paths.search}
      method="get"
      className={`relative ${className}`}
      onSubmit={onSubmit}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) {
          setOpen(false);
          setActive(-1);
        }
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t.label}
      </label>
      <div className="join w-full">
        <input
          ref={input}
          id={inputId}
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={100}
          placeholder={t.placeholder}
          className="input input-sm join-item h-10 w-full min-w-0 bg-base-100"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary btn-sm join-item h-10 px-3" aria-label={t.submit}>
          <SearchIcon size={18} />
        </button>
      </div>
      <div
        className={`absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-xl ${expanded ? '' : 'hidden'}`}
      >
        <ul id={listId} role="listbox" aria-label={t.suggestions} className="max-h-[70vh] overflow-y-auto py-1">
          {options.map((o, i) =>
            o.kind === 'bike' ? (
              <li
                key={`bike-${o.bike.make}-${o.bike.model}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => openBike(o.bike)}
              >
                <span className={`flex h-[30px] w-10 shrink-0 items-center justify-center ${i === active ? '' : 'text-primary'}`}>
                  <BikeIcon />
                </span>
                <span className="min-w-0 flex-1 truncate text-sm font-semibold">{t.shopBike(`${o.bike.make} ${o.bike.model}`)}</span>
              </li>
            ) : o.kind === 'guide' ? (
              <li
                key={`guide-${o.guide.path}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => openGuide(o.guide.path)}
              >
                <span className={`flex h-[30px] w-10 shrink-0 items-center justify-center ${i === active ? '' : 'text-primary'}`}>
                  <GuideIcon />
                </span>
                <span className="min-w-0 flex-1 truncate text-sm font-semibold">{t.guide(o.guide.kind, o.guide.name, o.guide.vehicle)}</span>
              </li>
            ) : (
              <li
                key={o.part._id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 ${i === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'} ${
                  i > 0 && i === firstPart ? 'border-t border-base-300' : ''
                }`}
                // Keeps the focus in the box, so the blur above does not close the list before the click.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => openPart(o.part._id)}
              >
                <img src={o.part.img} alt="" width={40} height={30} loading="lazy" className="h-[30px] w-10 shrink-0 rounded bg-[#f3f5f7] object-contain" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">{o.part.name}</span>
                  {/* Issue #26 item 4: why a search by another part number found it. */}
                  {o.part.matchedPartNumber ? <span className="block truncate text-xs font-semibold">{partNumberLabel(o.part.matchedPartNumber)}</span> : null}
                  <span className={`block truncate text-xs ${i === active ? '' : 'text-base-content/75'}`}>
                    {t.partNumber} <span className="font-mono">{o.part.sku}</span> · {o.part.brand}
                  </span>
                </span>
                {/* Issue #39 item 1 (decision 182): a piece's price first, the lot it is sold in beside it, as on the cards. */}
                <SuggestionPrice lotPrice={o.part.unitPrice} minOrder={o.part.minOrder} active={i === active} />
              </li>
            ),
          )}
        </ul>
        {expanded && options.length === 0 && (
          <p className="px-3 py-2 text-sm text-base-content/75" role="status">
            {isFetching ? t.loading : t.noSuggestions}
          </p>
        )}
        {expanded && (
          <button
            type="button"
            tabIndex={-1}
            onClick={openResults}
            className="block w-full border-t border-base-300 px-3 py-2 text-left text-sm font-semibold text-primary hover:bg-base-200"
            onMouseDown={(e) => e.preventDefault()}
          >
            {t.seeAll(value.trim())}
          </button>
        )}
      </div>
    </form>
  );
}

/** "$24.90 each" over "min. 10": what a piece costs, and the lot it is sold in. */
function SuggestionPrice({ lotPrice, minOrder, active }: { lotPrice: number; minOrder: number; active: boolean }) {
  const p = piecePrice(lotPrice, minOrder);
  return (
    <span className="shrink-0 text-right tabular-nums">
      <span className="block text-sm font-semibold">{p.eachText}</span>
      <span className={`block text-xs ${active ? '' : 'text-base-content/75'}`}>{p.minText}</span>
    </span>
  );
}
