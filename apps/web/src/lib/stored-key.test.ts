import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedKey } from './stored-key';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('storedKey: one localStorage key as an outside store', () => {
  it('reads and writes the key, and null removes it', () => {
    const store = storedKey('k1');
    expect(store.read()).toBeNull();
    store.write('a');
    expect(localStorage.getItem('k1')).toBe('a');
    expect(store.read()).toBe('a');
    store.write(null);
    expect(localStorage.getItem('k1')).toBeNull();
    expect(store.read()).toBeNull();
  });

  it("tells subscribers of this tab's writes and of another tab's change to the same key only", () => {
    const store = storedKey('k2');
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.write('x');
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'k2' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'another-key' }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.write('y');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps the value in memory for this page while storage is blocked', () => {
    const store = storedKey('k3');
    vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    store.write('kept');
    expect(localStorage.getItem('k3')).toBeNull();
    expect(store.read()).toBe('kept');
  });
});
