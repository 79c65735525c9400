import type { ComponentType } from 'react';
import { homeCopy } from '@shop/shared/copy/home';
import { businessSummary, type SummaryFigure } from '../../../content/home';
import { SectionHeading } from '../../../components/ui/section-heading';
import { BoxIcon, ChartIcon, TagIcon, WrenchIcon } from '../../../components/ui/icons';

const icons: Record<SummaryFigure['icon'], ComponentType<{ size?: number }>> = {
  workshop: WrenchIcon,
  revenue: ChartIcon,
  orders: BoxIcon,
  brands: TagIcon,
};

/** Spec §2 Business Summary: four static figures in 1, 2 or 4 columns by screen width. */
export function BusinessSummary() {
  return (
    <section aria-labelledby="summary-title" className="bg-base-200 py-16 lg:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="summary-title" title={homeCopy.summaryTitle} subtitle={homeCopy.summarySubtitle} />
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {businessSummary.map((figure) => {
            const Icon = icons[figure.icon];
            return (
              <li key={figure.value} className="flex flex-col items-center gap-3 rounded-box border border-base-300 bg-base-100 p-8 text-center shadow-sm">
                <span className="grid size-14 place-items-center rounded-full bg-accent/15 text-primary">
                  <Icon size={28} />
                </span>
                <p className="font-display text-5xl font-bold tabular-nums">{figure.value}</p>
                <p className="text-sm font-semibold uppercase tracking-wider text-base-content/80">{figure.label}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
