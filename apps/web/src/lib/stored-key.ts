/**
 * One localStorage key as an outside store for `useSyncExternalStore`: read it, write it (null removes it),
 * and subscribe to changes made in this tab (`write`) or in another one (the `storage` event). While storage is
 * blocked (private mode, full, or no browser: the server renderer) the value lives in memory for this page.
 * Used by the theme choice, the access token, the guest cart and the guest vehicle.
 */
export interface StoredKey {
  read(): string | null;
  write(value: string | null): void;
  subscribe(listener: () => void): () => void;
}

export function storedKey(key: string): StoredKey {
  const listeners = new Set<() => void>();
  let memory: string | null = null;
  let blocked = false;
  return {
    read() {
      if (blocked) return memory;
      try {
        return localStorage.getItem(key);
      } catch {
        return memory;
      }
    },
    write(value) {
      memory = value;
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
        blocked = false;
      } catch {
        blocked = true;
      }
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}
