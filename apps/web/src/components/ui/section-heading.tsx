import type { ReactNode } from 'react';

interface SectionHeadingProps {
  title: ReactNode;
  subtitle?: ReactNode;
  eyebrow?: ReactNode;
  /** Heading level: pages use 1 once, sections 2. */
  level?: 1 | 2;
  align?: 'center' | 'left';
  id?: string;
  className?: string;
}

export function SectionHeading({ title, subtitle, eyebrow, level = 2, align = 'center', id, className = '' }: SectionHeadingProps) {
  const Tag = level === 1 ? 'h1' : 'h2';
  const centered = align === 'center';
  return (
    <div className={`${centered ? 'mx-auto text-center' : ''} mb-8 max-w-2xl ${className}`}>
      {eyebrow && <p className="mb-2 text-sm font-semibold uppercase tracking-[0.2em] text-primary">{eyebrow}</p>}
      <Tag id={id} className={`font-display font-bold uppercase leading-tight ${level === 1 ? 'text-4xl md:text-5xl' : 'text-3xl md:text-4xl'}`}>
        {title}
      </Tag>
      <span className={`mt-3 block h-1 w-16 rounded-full bg-accent ${centered ? 'mx-auto' : ''}`} aria-hidden="true" />
      {subtitle && <p className="mt-4 text-base text-base-content/80 md:text-lg">{subtitle}</p>}
    </div>
  );
}
