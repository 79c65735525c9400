import { vi } from 'vitest';

/**
 * Stands in for the device's colour-scheme setting (window.matchMedia):
 * `(prefers-color-scheme: dark)` matches while `dark` is true, and `set()`
 * changes the setting and notifies listeners as a browser does when the OS
 * switches. Other queries never match.
 */
export function fakeColorScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const matchMedia = vi.fn((query: string) => {
    const isScheme = query.replace(/\s/g, '') === '(prefers-color-scheme:dark)';
    return {
      media: query,
      get matches() {
        return isScheme && dark;
      },
      onchange: null,
      addEventListener: (_type: 'change', fn: (event: MediaQueryListEvent) => void) => isScheme && listeners.add(fn),
      removeEventListener: (_type: 'change', fn: (event: MediaQueryListEvent) => void) => listeners.delete(fn),
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
  });
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    set(nextDark: boolean) {
      dark = nextDark;
      for (const fn of [...listeners]) fn({ matches: dark, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent);
    },
    get listenerCount() {
      return listeners.size;
    },
  };
}
