import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';

export type Theme = 'light' | 'dark';
/** What the shopper chose: a theme, or "follow the device" (decision 060). */
export type ThemeChoice = Theme | 'system';

export const THEME_STORAGE_KEY = 'theme';
const DARK_SCHEME = '(prefers-color-scheme: dark)';

const isChoice = (value: unknown): value is ThemeChoice => value === 'light' || value === 'dark' || value === 'system';

/** Nothing stored yet means the device decides, exactly as theme-boot.ts does before React renders. */
function readChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (isChoice(stored)) return stored;
  } catch {
    /* storage blocked */
  }
  return 'system';
}

function storeChoice(choice: ThemeChoice) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    /* storage blocked: the choice lasts for this visit */
  }
}

function darkSchemeQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_SCHEME) : null;
}

// The device's setting is an outside store: subscribing keeps "System" following it when it changes.
function subscribeDeviceScheme(onChange: () => void) {
  const query = darkSchemeQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
const deviceIsDark = () => darkSchemeQuery()?.matches ?? false;

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
  const [choice, setChoice] = useState<ThemeChoice>(readChoice);
  const dark = useSyncExternalStore(subscribeDeviceScheme, deviceIsDark, () => false);
  const theme: Theme = choice === 'system' ? (dark ? 'dark' : 'light') : choice;

  useEffect(() => {
    document.documentElement.setAttribute('data-theme', theme);
  }, [theme]);

  // A choice made in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) setChoice(readChoice());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Stored only when the shopper chooses, so a visitor who never chose keeps following the device.
  const setTheme = useCallback((next: ThemeChoice) => {
    storeChoice(next);
    setChoice(next);
  }, []);
  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [setTheme, theme]);
  const value = useMemo(() => ({ theme, choice, setTheme, toggleTheme }), [theme, choice, setTheme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used inside ThemeProvider');
  return ctx;
}
