import { lazy, type ComponentType } from 'react';

const parts: Array<() => Promise<unknown>> = [];

/**
 * `React.lazy` for a part the server renders (decision 107) that the visitor can type into, such as a form whose
 * code stays out of the first download. Its code is loaded before the page hydrates (`loadLazyParts`), and once
 * loaded it is handed to React at once (a thenable that answers synchronously), so hydration never suspends on it.
 * A Suspense boundary still waiting for its code when a context above it changes (the session arriving, say) is
 * thrown away and rendered anew, and with it what the visitor had typed (decision 145).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const once = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  parts.push(once);
  return lazy(() => {
    if (!loaded) return once();
    const module = loaded;
    return { then: (resolve: (m: { default: T }) => void) => resolve(module) } as unknown as Promise<{ default: T }>;
  });
}

/** Loads every lazy part defined by the modules loaded so far. */
export function loadLazyParts(): Promise<unknown> {
  return Promise.all(parts.map((load) => load()));
}
