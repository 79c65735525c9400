import type { ReactNode } from 'react';

/** Heading of a page inside the dashboard (the layout owns the page's h1). */
export function DashboardPageHeader({ id, title, intro, children }: { id?: string; title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h2 id={id} className="font-display text-3xl font-bold uppercase leading-tight">
          {title}
        </h2>
        <span className="mt-2 block h-1 w-12 rounded-full bg-accent" aria-hidden="true" />
        {intro && <p className="mt-3 max-w-2xl text-base-content/80">{intro}</p>}
      </div>
      {children}
    </div>
  );
}
