import { useEffect } from 'react';
import { shop } from '@shop/shared/content';

export function documentTitle(title: string): string {
  return `${title} · ${shop.name}`;
}

/** Sets the browser tab title, e.g. "Home · Torque & Throttle Parts". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

export function PageTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}
