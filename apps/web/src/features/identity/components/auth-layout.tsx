import { Suspense, type ReactNode } from 'react';
import { authCopy } from '@shop/shared/copy/auth';
import { shop } from '@shop/shared/content';

interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/**
 * Frame of the sign-in screens: a brand panel in asphalt grey with the
 * signal-orange stripe beside the form on wide screens, the form alone on phones.
 */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <div className="mx-auto flex w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-16">
      <div className="grid w-full overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm lg:grid-cols-[5fr_6fr]">
        <aside className="relative hidden flex-col justify-between gap-8 bg-neutral p-10 text-neutral-content lg:flex" aria-hidden="true">
          <div className="absolute inset-y-0 left-0 w-2 bg-accent" />
          <div>
            <p className="font-display text-sm font-bold uppercase tracking-[0.3em] text-accent">{shop.name}</p>
            <p className="mt-4 font-display text-4xl font-bold uppercase leading-tight">{authCopy.brandTagline}</p>
          </div>
          <img src="/images/hero/apex-890r.svg" alt="" width={800} height={500} className="h-auto w-full drop-shadow-xl" />
          <ul className="space-y-3 text-sm text-neutral-content/85">
            {authCopy.brandPoints.map((point) => (
              <li key={point} className="flex items-center gap-3">
                <span className="h-0.5 w-6 bg-accent" />
                {point}
              </li>
            ))}
          </ul>
        </aside>
        <section className="flex flex-col gap-6 p-6 sm:p-10" aria-labelledby="auth-title">
          <header className="space-y-2">
            <h1 id="auth-title" className="font-display text-3xl font-bold uppercase tracking-wide sm:text-4xl">
              {title}
            </h1>
            {subtitle && <p className="text-base-content/75">{subtitle}</p>}
          </header>
          {/* The form hydrates on its own, in a pass after the page's (decision 174). React leaves a Suspense boundary's
              server HTML in place and hydrates it later; a form library's first-render state update then re-renders
              only the form, instead of the whole page's hydration and its effects in one long task. */}
          <Suspense>{children}</Suspense>
        </section>
      </div>
    </div>
  );
}
