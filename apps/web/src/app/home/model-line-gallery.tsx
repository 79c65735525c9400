import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { homeCopy } from '@shop/shared/copy/home';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { paths } from '../../config/paths';
import { modelImage, modelLines, type ModelLineTile } from '../../content/home';
import { SectionHeading } from '../../components/ui/section-heading';

/**
 * One tile: the picture swaps to its alternate on hover (spec §2) and also on
 * keyboard focus, so keyboard users see the same thing. The src itself
 * changes, so the swap is real and testable.
 */
export function ModelTile({ tile }: { tile: ModelLineTile }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const alternate = hovered || focused;
  return (
    <Link
      to={paths.products}
      className="group flex h-full flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-1 hover:border-primary hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      aria-label={storefrontCopy.modelLineShop(tile.name)}
    >
      <span className="block aspect-[4/3] bg-base-200">
        <img
          src={modelImage(tile.line, alternate)}
          alt={tile.alt}
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-contain"
          data-alternate={alternate}
        />
      </span>
      <span className="flex flex-col gap-1 p-4">
        <span className="font-display text-xl font-bold uppercase tracking-wide group-hover:text-primary">{tile.name}</span>
        <span className="text-sm text-base-content/75">{tile.tagline}</span>
      </span>
    </Link>
  );
}

/**
 * Warms the cache with the alternates (low priority) so the first hover swaps without a blank frame. Done once the
 * page is up, not in the server's HTML: fetched during the page load they competed with what its largest paint needs
 * (decision 146). One link per task: inserting them all in React's commit of the hydrated page made that commit a
 * long task (issue #23).
 */
function useWarmAlternates() {
  useEffect(() => {
    const links: HTMLLinkElement[] = [];
    let timer: ReturnType<typeof setTimeout>;
    const next = (i: number) => {
      const tile = modelLines[i];
      if (!tile) return;
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = modelImage(tile.line, true);
      document.head.append(link);
      links.push(link);
      timer = setTimeout(next, 0, i + 1);
    };
    timer = setTimeout(next, 0, 0);
    return () => {
      clearTimeout(timer);
      for (const link of links) link.remove();
    };
  }, []);
}

export function ModelLineGallery() {
  useWarmAlternates();
  return (
    <section id="models" aria-labelledby="models-title" className="scroll-mt-20 py-16 lg:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="models-title" title={homeCopy.modelLineTitle} subtitle={homeCopy.modelLineSubtitle} />
        {/* Flex-wrap rather than grid, so a short last row is centred while every tile keeps the same size. */}
        <ul className="flex flex-wrap justify-center gap-4 lg:gap-6">
          {modelLines.map((tile) => (
            <li key={tile.line} className="w-[calc((100%-1rem)/2)] md:w-[calc((100%-2rem)/3)] lg:w-[calc((100%-6rem)/5)]">
              <ModelTile tile={tile} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
