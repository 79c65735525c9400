import { useId, useRef, useState, type MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { searchCopy } from '@shop/shared/copy/search';
import type { SearchResult } from '@shop/shared/schemas/search';
import { vehicleInQueryName } from '@shop/shared/vehicle-query';
import { SEARCH_SORTS, type SearchSort } from '@shop/shared/search-options';
import { Spinner } from '../../../components/ui/spinner';
import { LoadError } from '../../../components/ui/load-error';
import { ProductGrid, ProductGridSkeleton } from '../../catalog/components/product-grid';
import { ProductsPagination } from '../../catalog/components/products-pagination';
import { paths } from '../../../config/paths';
import { SEARCH_PAGE_SIZE, searchQueryOptions } from '../api/search';
import { sendSearchOpened } from '../api/search-misses';
import { readSearchState, searchStateParams, searchUrl, type SearchState } from '../search-params';
import { SearchFilters } from './search-filters';
import { GuideIcon } from '../../diagrams/components/guide-icon';
import { VehicleSelector } from '../../garage/components/vehicle-selector';
import { useChosenVehicleState } from '../../garage/use-chosen-vehicle';
import { useCart } from '../../cart/use-cart';
import { toastError, toastSuccess } from '../../../lib/toast';

const t = searchCopy;

type DidYouMean = NonNullable<SearchResult['didYouMean']>;

/** Issue #26 item 6 (decision 168): the closest part numbers, parts and bikes of a search that found nothing, as links. */
function DidYouMeanLinks({ suggestions, q }: { suggestions: DidYouMean; q: string }) {
  const groups = [
    { label: t.didYouMeanNumbers, links: suggestions.partNumbers.map((n) => ({ key: n, to: searchUrl({ q: n }), text: n, mono: true })) },
    { label: t.didYouMeanParts, links: suggestions.parts.map((p) => ({ key: p._id, to: paths.part(p._id), text: p.name, mono: false })) },
    {
      label: t.didYouMeanBikes,
      links: suggestions.bikes.map((b) => ({
        key: `${b.make} ${b.model}`,
        to: searchUrl({ q: `${b.make} ${b.model}` }),
        text: t.shopBike(`${b.make} ${b.model}`),
        mono: false,
      })),
    },
  ].filter((g) => g.links.length > 0);
  return (
    <div className="mx-auto mt-4 max-w-xl text-left">
      <h2 className="text-center font-display text-xl font-bold uppercase">{t.didYouMean}</h2>
      <dl className="mt-3 flex flex-col gap-3">
        {groups.map((g) => (
          <div key={g.label} className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:gap-4">
            <dt className="shrink-0 text-sm font-semibold uppercase tracking-wider text-base-content/75 sm:w-32 sm:text-right">{g.label}</dt>
            <dd className="flex min-w-0 flex-wrap gap-x-4 gap-y-1">
              {g.links.map((l) => (
                <Link key={l.key} to={l.to} className={`link link-primary break-words text-base ${l.mono ? 'font-mono' : ''}`}>
                  {l.text}
                </Link>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      {q.includes('-') && <p className="mt-4 text-center text-sm text-base-content/80">{t.didYouMeanHint}</p>}
    </div>
  );
}

/** The helpful empty state of issue #9: the closest matches when the shop has some (issue #26 item 6), else "browse Brakes". */
function EmptyResults({ q, filtered, didYouMean, onClear }: { q: string; filtered: boolean; didYouMean?: DidYouMean; onClear(): void }) {
  const text = t.empty(q);
  const [before, after] = text.split(t.browseBrakes);
  const close = didYouMean && didYouMean.partNumbers.length + didYouMean.parts.length + didYouMean.bikes.length > 0 ? didYouMean : undefined;
  return (
    <div className="rounded-box bg-base-200 p-8 text-center text-lg">
      {q && close ? (
        <>
          <p>{t.noMatch(q)}</p>
          <DidYouMeanLinks suggestions={close} q={q} />
        </>
      ) : q ? (
        <p>
          {before}
          <Link to={searchUrl({ category: 'brakes' })} className="link link-primary">
            {t.browseBrakes}
          </Link>
          {after}
        </p>
      ) : (
        <p>{t.emptyFiltered}</p>
      )}
      {filtered && (
        <button type="button" className="btn btn-outline btn-sm mt-4" onClick={onClear}>
          {t.clearFilters}
        </button>
      )}
    </div>
  );
}

/**
 * Issue #39 item 9 (decision 189): the words name a bike and nothing they find fits it ("front sprocket mt07"). Said
 * plainly, and the parts they find for other bikes shown apart, under a heading that says they do not fit.
 */
function NoneFitsBike({
  named,
  other,
  allPartsUrl,
}: {
  named: NonNullable<SearchResult['namedVehicle']>;
  other?: SearchResult['forOtherBikes'];
  allPartsUrl: string;
}) {
  const bike = vehicleInQueryName(named);
  const headingId = useId();
  return (
    <div className="flex flex-col gap-8">
      <div className="rounded-box bg-base-200 p-8 text-center">
        <p className="text-lg font-semibold">{t.noneFitsBike(named.rest, bike)}</p>
        <p className="mt-2 text-base-content/80">{t.noneFitsBikeHint}</p>
      </div>
      {other && other.items.length > 0 && (
        <section aria-labelledby={headingId}>
          <h2 id={headingId} className="font-display text-xl font-bold uppercase">
            {t.forOtherBikes(named.rest)}
          </h2>
          <p className="mb-4 mt-1 text-sm text-base-content/80">{t.forOtherBikesHint(bike)}</p>
          <ProductGrid products={other.items} headingLevel={3} />
          {other.total > other.items.length && (
            <Link to={allPartsUrl} className="link link-primary mt-4 inline-block">
              {t.forOtherBikesAll(other.total, named.rest)}
            </Link>
          )}
        </section>
      )}
    </div>
  );
}

/**
 * Issue #38 item 3 (decision 211): a size the shop does not list ("41mm fork seals"). Said first; the parts of other
 * sizes come second, under their own heading, never as the answer.
 */
function OtherSizes({ other }: { other: NonNullable<SearchResult['otherSizes']> }) {
  const headingId = useId();
  return (
    <div className="flex flex-col gap-8">
      <div className="rounded-box border border-warning/60 bg-warning/10 px-4 py-3">
        <p className="break-words font-semibold">{t.noSuchSize(other.q, other.size)}</p>
        <p className="mt-1 text-sm text-base-content/80">{t.noSuchSizeHint}</p>
      </div>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-4 break-words font-display text-xl font-bold uppercase">
          {t.otherSizes(other.q)}
        </h2>
        <ProductGrid products={other.items} headingLevel={3} />
      </section>
    </div>
  );
}

/** "brake fluid" → "Brake fluid": a group's heading. */
const asHeading = (q: string) => q.charAt(0).toUpperCase() + q.slice(1);

/**
 * Issue #38 item 1 (decision 195): a query that names several parts ("pads and brake fluid"), answered part by
 * part: each part's first results under its own heading, a link to all of them, and one button that puts the first
 * part of each group that is in stock in the cart, one minimum order each (a line already in the cart is kept).
 */
function PartGroups({
  groups,
  state,
  onOpened,
  job,
  bike,
}: {
  groups: NonNullable<SearchResult['groups']>;
  state: SearchState;
  onOpened(e: MouseEvent<HTMLElement>): void;
  /** Issue #38 (decision 219): the words that named a job ("chain kit"): the groups are its parts. */
  job?: string;
  /** The bike the words named, for a part of the job that none fits. */
  bike?: string;
}) {
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const baseId = useId();
  const firsts = groups.flatMap((g) => g.items.find((p) => p.stock >= p.minOrder) ?? []);
  async function addFirsts() {
    if (busy) return;
    setBusy(true);
    try {
      const toAdd = firsts.filter((p) => !cart.lines.some((l) => l.productId === p._id));
      for (const p of toAdd) await cart.setQuantity(p, p.minOrder);
      toastSuccess(toAdd.length ? t.groupsAdded(toAdd.length) : t.groupsNoneToAdd);
    } catch (err) {
      toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-col gap-10">
      <div className="rounded-box bg-base-200 p-6">
        <p className="text-lg font-semibold">
          {job ? t.jobTitle(job, groups.map((g) => asHeading(g.q)).join(' · ')) : t.groupsTitle(groups.map((g) => asHeading(g.q)).join(' · '))}
        </p>
        <p className="mt-1 text-base-content/80">{job ? t.jobHint(job) : t.groupsHint}</p>
        {firsts.length > 0 && (
          <button type="button" className="btn btn-primary mt-4 max-w-full whitespace-normal" aria-busy={busy} onClick={() => void addFirsts()}>
            {t.groupsAddFirsts(firsts.length)}
          </button>
        )}
      </div>
      {groups.map((g, i) => (
        <section key={g.q} aria-labelledby={`${baseId}-${i}`} onClick={onOpened} onAuxClick={onOpened}>
          <h2 id={`${baseId}-${i}`} className="mb-4 break-words font-display text-xl font-bold uppercase">
            {asHeading(g.q)}
          </h2>
          {g.items.length > 0 ? (
            <ProductGrid products={g.items} headingLevel={3} />
          ) : (
            <p className="rounded-box bg-base-200 px-4 py-3">{t.groupNone(g.q, bike)}</p>
          )}
          {g.total > g.items.length && (
            <Link to={searchUrl({ ...state, q: g.q, page: 1 })} className="link link-primary mt-4 inline-block">
              {t.groupAll(g.total, g.q)}
            </Link>
          )}
        </section>
      ))}
    </div>
  );
}

/** Issue #26 item 3 (decision 167): the bike the words named, and the way to search every part for them instead. */
function NamedBike({ named, allPartsUrl, q }: { named: NonNullable<SearchResult['namedVehicle']>; allPartsUrl: string; q: string }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-box border border-primary/40 bg-base-200 px-4 py-3">
      <p className="min-w-0 flex-1 basis-64">
        <strong className="block font-semibold">{t.namedBike(vehicleInQueryName(named))}</strong>
        <span className="block text-sm text-base-content/80">{named.rest ? t.namedBikeWords(named.rest) : t.namedBikeOnly}</span>
      </p>
      <Link to={allPartsUrl} className="btn btn-sm btn-outline max-w-full whitespace-normal break-words">
        {t.searchAllFor(q)}
      </Link>
    </div>
  );
}

/**
 * Issue #38 (decision 213 addendum): the words hold a name several models share ("gs brake pads"). The page asks which
 * bike, one link per model that searches again for that model; the parts the other words find, for any bike, follow.
 */
function WhichBike({ which, q }: { which: NonNullable<SearchResult['whichBike']>; q: string }) {
  const headingId = useId();
  const name = sharedName(q, which.rest);
  return (
    <section aria-labelledby={headingId} className="mt-3 rounded-box border border-primary/40 bg-base-200 px-4 py-3">
      <h2 id={headingId} className="font-display text-xl font-bold uppercase">
        {t.whichBike}
      </h2>
      {name && <p className="mt-1 text-sm text-base-content/80">{t.whichBikeHint(name)}</p>}
      <ul className="mt-3 flex flex-wrap gap-2">
        {which.bikes.map((b) => (
          <li key={`${b.make} ${b.model}`} className="max-w-full">
            <Link to={searchUrl({ q: b.q })} className="btn btn-outline btn-sm h-auto min-h-8 max-w-full whitespace-normal break-words py-1 text-left">
              {t.whichBikeOption(b.make, b.model, b.fromYear, b.toYear)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The words of the query that are not in `rest` ("gs brake pads" without "brake pads": "gs"), as typed. */
function sharedName(q: string, rest: string): string {
  const left = rest.toLowerCase().split(/\s+/).filter(Boolean);
  return q
    .split(/\s+/)
    .filter((w) => {
      const i = left.indexOf(w.toLowerCase());
      if (i < 0) return true;
      left.splice(i, 1);
      return false;
    })
    .join(' ');
}

/**
 * Which answer the page shows. All of its state lives in the URL, but for one default: with a bike chosen (My Garage,
 * or a guest's choice) and no `vehicle` in the URL, the results are filtered to it as if its id were there, unless
 * the shopper chose "Show all parts" (`vehicle=all`) or the words name a bike of their own, which wins (decision 167).
 * The chosen bike is known only in the browser (after hydration), so the server renders the unfiltered answer, and
 * that answer is also what tells whether the words name a bike.
 */
function useSearchAnswer(state: SearchState) {
  const chosen = useChosenVehicleState();
  const bike = !state.vehicle && !state.allParts && !chosen.isPending ? chosen.vehicle : null;
  // The words as typed: the answer the server renders, and the one that counts a submitted search (issue #26 item 6).
  const asTyped = useQuery({ ...searchQueryOptions(state, SEARCH_PAGE_SIZE, true), enabled: !(bike && !state.q) });
  // Without words there is nothing to name a bike; with words, the unfiltered answer says whether they do.
  const settled = asTyped.data !== undefined && !asTyped.isPlaceholderData;
  // A name several models share ("gs brake pads") names a bike too, only not which: the page asks (decision 213).
  const mode = !bike ? 'typed' : !state.q ? 'fitting' : !settled ? 'deciding' : asTyped.data?.namedVehicle || asTyped.data?.whichBike ? 'typed' : 'fitting';
  const fitting = useQuery({ ...searchQueryOptions({ ...state, vehicle: bike?._id }), enabled: mode === 'fitting' });
  const shown = mode === 'typed' ? asTyped : fitting;
  // While deciding, the last filtered answer (or the unfiltered one) stays on screen, dimmed.
  const data = mode === 'deciding' ? (fitting.data ?? asTyped.data) : shown.data;
  const isError = mode === 'deciding' ? asTyped.isError : shown.isError;
  return {
    data,
    isError,
    error: mode === 'deciding' ? asTyped.error : shown.error,
    isPlaceholderData: mode === 'deciding' || shown.isPlaceholderData,
    refetch: mode === 'deciding' ? asTyped.refetch : shown.refetch,
    vehicle: state.vehicle ?? (mode === 'typed' ? undefined : bike?._id),
    chosen: chosen.vehicle,
  };
}

/** /search?q=…: results with facets, in-stock toggle, price range and sort; all of it lives in the URL (issue #9). */
export function SearchResultsPage() {
  const [params, setParams] = useSearchParams();
  const state = readSearchState(params);
  const { data, isError, error, isPlaceholderData, refetch, vehicle, chosen } = useSearchAnswer(state);
  const top = useRef<HTMLDivElement>(null);
  const sortId = useId();
  const title = state.q ? t.resultsFor(state.q) : t.allParts;

  // Every change is a new history entry, so the back button undoes it.
  const go = (next: SearchState) => setParams(searchStateParams(next), { preventScrollReset: true });
  const change = (next: Partial<SearchState>) => go({ ...state, ...next, page: 1 });
  const goTo = (page: number) => {
    go({ ...state, page });
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const opened = (e: MouseEvent<HTMLElement>) => {
    if (state.q && e.target instanceof Element && e.target.closest('article a[href]')) sendSearchOpened(state.q);
  };
  const filtered = Boolean(state.category || state.brand || state.inStock || state.minPrice !== undefined || state.maxPrice !== undefined);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
      <div ref={top} className="mb-6 scroll-mt-24">
        <h1 className="break-words font-display text-3xl font-bold uppercase leading-tight md:text-4xl">{title}</h1>
        {data?.namedVehicle && (
          <NamedBike
            named={data.namedVehicle}
            q={state.q}
            // Every part: the words as typed, and not the chosen bike either.
            allPartsUrl={searchUrl({ ...state, page: 1, matchBike: false, allParts: chosen ? true : undefined })}
          />
        )}
        {data?.whichBike && <WhichBike which={data.whichBike} q={state.q} />}
        <p className="mt-2 h-6 text-sm text-base-content/75" aria-live="polite">
          {data ? (data.total === 0 && data.groups ? t.groupsCount(data.groups.length) : t.count(data.total)) : ''}
        </p>
      </div>

      <VehicleSelector
        className="mb-8"
        applied={Boolean(vehicle)}
        status={data?.namedVehicle ? t.namedBikeWins : undefined}
        onApply={(v) => change({ vehicle: v._id, allParts: undefined })}
        onShowAll={() => change({ vehicle: undefined, allParts: true })}
      />

      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-label={t.filters}>
          {/* A phone folds the filters away; from 1024 px they stay open beside the results. */}
          <details className="group rounded-box border border-base-300 p-4 lg:hidden">
            <summary className="cursor-pointer font-display text-lg font-bold uppercase">{t.filters}</summary>
            <div className="mt-4">
              <SearchFilters state={state} facets={data?.facets} onChange={change} />
            </div>
          </details>
          <div className="hidden lg:block">
            <SearchFilters state={state} facets={data?.facets} onChange={change} />
          </div>
        </aside>

        <section aria-label={title} className="min-w-0">
          <div className="mb-6 flex items-center justify-end gap-2">
            <label htmlFor={sortId} className="text-sm font-semibold">
              {t.sort}
            </label>
            <select id={sortId} className="select select-sm w-auto" value={state.sort} onChange={(e) => change({ sort: e.target.value as SearchSort })}>
              {SEARCH_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t.sorts[s]}
                </option>
              ))}
            </select>
          </div>

          {data?.guides && (
            // Issue #36 item 4 (decision 197): the named bike's drawings (and baskets) the words name, above the parts.
            <nav aria-label={t.guidesTitle} className="mb-6 rounded-box border border-base-300 bg-base-200 p-4">
              <h2 className="mb-2 text-sm font-bold uppercase tracking-wide">{t.guidesTitle}</h2>
              <ul className="flex flex-wrap gap-2">
                {data.guides.map((g) => (
                  <li key={g.path}>
                    <Link to={g.path} className="btn btn-outline btn-sm h-auto min-h-8 py-1 text-left">
                      <GuideIcon className="text-primary" />
                      {t.guide(g.kind, g.name, g.vehicle)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {!data && !isError ? (
            <div>
              <div className="mb-6 flex h-6 justify-center">
                <Spinner label={t.loading} />
              </div>
              <ProductGridSkeleton count={6} />
            </div>
          ) : !data ? (
            <LoadError message={error?.message ?? ''} onRetry={() => void refetch()} className="min-h-64" />
          ) : data.total === 0 && data.groups ? (
            <PartGroups
              groups={data.groups}
              state={state}
              onOpened={opened}
              job={data.job}
              bike={
                data.namedVehicle
                  ? vehicleInQueryName(data.namedVehicle)
                  : data.vehicle
                    ? `${data.vehicle.year} ${data.vehicle.make} ${data.vehicle.model}`
                    : undefined
              }
            />
          ) : data.total === 0 && data.otherSizes ? (
            <div onClick={opened} onAuxClick={opened}>
              <OtherSizes other={data.otherSizes} />
            </div>
          ) : data.total === 0 && data.related ? (
            // Issue #38 item 4 (decision 211): the head noun names a part the shop does not list ("brake caliper bolt").
            <div onClick={opened} onAuxClick={opened}>
              <div className="mb-8 rounded-box border border-warning/60 bg-warning/10 px-4 py-3">
                <p className="break-words font-semibold">{t.mentionsOnly(state.q)}</p>
                <p className="mt-1 text-sm text-base-content/80">{t.mentionsOnlyHint}</p>
              </div>
              <h2 className="mb-4 break-words font-display text-xl font-bold uppercase">{t.missingHeadRelated(state.q)}</h2>
              <ProductGrid products={data.related.items} headingLevel={3} />
            </div>
          ) : data.total === 0 && data.namedVehicle?.rest && !filtered ? (
            <NoneFitsBike
              named={data.namedVehicle}
              other={data.forOtherBikes}
              allPartsUrl={searchUrl({ ...state, page: 1, matchBike: false, allParts: chosen ? true : undefined })}
            />
          ) : data.total === 0 ? (
            <EmptyResults
              q={state.q}
              filtered={filtered}
              didYouMean={data.didYouMean}
              onClear={() =>
                go({ q: state.q, inStock: false, sort: state.sort, page: 1, vehicle: state.vehicle, allParts: state.allParts, matchBike: state.matchBike })
              }
            />
          ) : (
            // Issue #26 item 6: opening a result (any link of a card) tells the shop the search found something wanted.
            <div aria-busy={isPlaceholderData} className={`transition-opacity ${isPlaceholderData ? 'opacity-60' : ''}`} onClick={opened} onAuxClick={opened}>
              {data.mentionsOnly || data.missingHead ? (
                // Issue #38 (decision 196): the words are only in these parts' descriptions. The page says first that the
                // shop does not list such a part; the parts come second, under a heading of their own. The same when the
                // query's head noun is in no part's name (decision 211: "sprocket bolts").
                <>
                  <div className="mb-8 rounded-box border border-warning/60 bg-warning/10 px-4 py-3">
                    <p className="font-semibold">{t.mentionsOnly(state.q)}</p>
                    <p className="mt-1 text-sm text-base-content/80">{t.mentionsOnlyHint}</p>
                  </div>
                  <h2 className="mb-4 break-words font-display text-xl font-bold uppercase">
                    {data.mentionsOnly ? t.mentionsOnlyRelated(state.q) : t.missingHeadRelated(state.q)}
                  </h2>
                  <ProductGrid products={data.items} headingLevel={3} />
                </>
              ) : data.whichBike && data.whichBike.rest !== state.q ? (
                // The other words' parts, for any bike, under a heading of their own below the question.
                <>
                  <h2 className="mb-4 break-words font-display text-xl font-bold uppercase">{t.whichBikeRest(data.whichBike.rest)}</h2>
                  <ProductGrid products={data.items} headingLevel={3} />
                </>
              ) : data.partNumbersWith ? (
                // Issue #38 (decision 219): a number that is the digits of several part numbers ("204"): said above them.
                <>
                  <div className="mb-8 rounded-box border border-primary/40 bg-base-200 px-4 py-3">
                    <p className="break-words font-semibold">{t.partNumbersWith(data.partNumbersWith.digits, data.partNumbersWith.partNumbers.join(' · '))}</p>
                    <p className="mt-1 text-sm text-base-content/80">{t.partNumbersWithHint}</p>
                  </div>
                  <ProductGrid products={data.items} headingLevel={2} lead />
                </>
              ) : (
                <ProductGrid products={data.items} headingLevel={2} lead />
              )}
            </div>
          )}

          <div className="mt-12 min-h-12">
            {data && data.total > SEARCH_PAGE_SIZE && <ProductsPagination page={state.page} pages={data.pages} onPageChange={goTo} />}
          </div>
        </section>
      </div>
    </div>
  );
}
