import { useId } from 'react';
import { themeCopy } from '@shop/shared/copy/theme';
import { useTheme, type ThemeChoice } from '../theme-context';

const options: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: themeCopy.light },
  { value: 'dark', label: themeCopy.dark },
  { value: 'system', label: themeCopy.system },
];

/**
 * The spec's theme "select" control (§4): a native select, so keyboards,
 * screen readers and phones get their own familiar picker. Shares its state
 * with the navbar toggle through the theme context.
 */
export function ThemeSelect({ className = '', selectClassName = '' }: { className?: string; selectClassName?: string }) {
  const { choice, setTheme } = useTheme();
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {themeCopy.selectLabel}
      </label>
      <select
        id={id}
        className={`select select-sm w-32 text-sm ${selectClassName}`}
        value={choice}
        // Answered by public/boot.js until the app has taken the page over.
        data-theme-choice=""
        onChange={(event) => setTheme(event.target.value as ThemeChoice)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
