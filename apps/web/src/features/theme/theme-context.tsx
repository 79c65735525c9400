import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { storedKey } from '../../lib/stored-key';

export type Theme = 'light' | 'dark';
/** What the shopper chose: a theme, or "follow the device" (decision 060). */
export type ThemeChoice = Theme | 'system';

export const THEME_STORAGE_KEY = 'theme';
const DARK_SCHEME = '(prefers-color-scheme: dark)';

const isChoice = (value: unknown): value is ThemeChoice => value === 'light' || value === 'dark' || value === 'system';

// A choice made while storage is blocked lasts for this visit; a choice made in another tab applies here too.
const choiceStore = storedKey(THEME_STORAGE_KEY);

/** Nothing stored yet means the device decides, exactly as public/boot.js does before the first paint. */
function readChoice(): ThemeChoice {
  const stored = choiceStore.read();
  return isChoice(stored) ? stored : 'system';
}

const storeChoice = (choice: ThemeChoice) => choiceStore.write(choice);

function darkSchemeQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_SCHEME) : null;
}

const deviceIsDark = () => darkSchemeQuery()?.matches ?? false;
const resolveTheme = (choice: ThemeChoice, dark: boolean): Theme => (choice === 'system' ? (dark ? 'dark' : 'light') : choice);

/**
 * Puts the theme of the stored choice and the device's current setting on <html>, read afresh, as public/boot.js
 * does before the first paint. Called straight from the change events, not from a render: the attribute must not
 * wait for React, whose render of a change can come after the next change while a page still hydrates (an OS switch
 * then showed the theme before it, issue #34). Set only when it changes: setting <html data-theme> even to the same
 * value makes the browser recalculate the style of the whole page (decision 169).
 */
function applyTheme() {
  if (typeof document === 'undefined') return;
  const next = resolveTheme(readChoice(), deviceIsDark());
  const root = document.documentElement;
  const current = root.getAttribute('data-theme');
  if (current === next) return;
  if (current === null) return root.setAttribute('data-theme', next);
  // A switch: every colour changes at once. With their own colour transitions the controls took the new theme at
  // different moments, and a check of the page right after a switch could read a colour half-way (issue #34).
  // The rule goes after two frames, once the new colours are what the page was drawn with.
  const still = document.createElement('style');
  still.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.append(still);
  root.setAttribute('data-theme', next);
  requestAnimationFrame(() => requestAnimationFrame(() => still.remove()));
}

// The stored choice is an outside store, so a server-rendered page hydrates with the server's markup and then shows the choice.
// A choice made here or in another tab is on screen at once; React then updates the controls.
const subscribeChoice = (onChange: () => void) =>
  choiceStore.subscribe(() => {
    applyTheme();
    onChange();
  });

// The device's setting is an outside store: subscribing keeps "System" following it when it changes.
function subscribeDeviceScheme(onChange: () => void) {
  const query = darkSchemeQuery();
  const changed = () => {
    applyTheme();
    onChange();
  };
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
}

interface ThemeValue {
  /** The theme on screen (data-theme on <html>). */
  theme: Theme;
  /** The stored choice; 'system' follows prefers-color-scheme. */
  choice: ThemeChoice;
  setTheme(theme: ThemeChoice): void;
  toggleTheme(): void;
}

const ThemeContext = createContext<ThemeValue | null>(null);

/** Spec: the choice is stored in localStorage.theme and applied as data-theme on <html>. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const choice = useSyncExternalStore(subscribeChoice, readChoice, () => 'system' as const);
  const dark = useSyncExternalStore(subscribeDeviceScheme, deviceIsDark, () => false);
  const theme: Theme = resolveTheme(choice, dark);

  // Once mounted, and after each render of a change: read again rather than trusting the render, because while a
  // server-rendered page hydrates the render still shows the server's default (light, device unknown), and the
  // theme that boot.js applied must not flash back to it.
  useEffect(() => applyTheme(), [theme]);

  // Stored only when the shopper chooses, so a visitor who never chose keeps following the device.
  const setTheme = useCallback((next: ThemeChoice) => storeChoice(next), []);
  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [setTheme, theme]);
  const value = useMemo(() => ({ theme, choice, setTheme, toggleTheme }), [theme, choice, setTheme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside ThemeProvider');
  return ctx;
}
