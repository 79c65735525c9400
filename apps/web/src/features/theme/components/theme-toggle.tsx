import { navCopy } from '@shop/shared/copy/nav';
import { storefrontCopy } from '@shop/shared/copy/storefront';
import { useTheme } from '../theme-context';
import { MoonIcon, SunIcon } from '../../../components/ui/icons';

/**
 * One button for light/dark. Its name stays "Toggle light/dark theme" and
 * aria-pressed tells whether the dark theme is on; the tooltip says what a
 * click will do.
 */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={`btn btn-circle btn-ghost ${className}`}
      aria-label={navCopy.themeToggle}
      aria-pressed={dark}
      title={dark ? storefrontCopy.toLightTheme : storefrontCopy.toDarkTheme}
      onClick={toggleTheme}
      // Answered by public/boot.js until the app has taken the page over.
      data-theme-toggle=""
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
