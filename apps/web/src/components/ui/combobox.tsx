import { useId, useRef, useState, type KeyboardEvent } from 'react';

interface ComboboxProps {
  /** id of the input: the caller's <label htmlFor> names it. */
  id: string;
  value: string;
  /** Every change of the text, typed or picked. */
  onChange(value: string): void;
  /** The listed choices; the text may still be anything (free entry). */
  options: readonly string[];
  /** Accessible name of the suggestion list. */
  listLabel: string;
  /** Shown in the open list when nothing matches the text. */
  noOptions?: string;
  disabled?: boolean;
  maxLength?: number;
  className?: string;
  /** aria-invalid / aria-describedby of the surrounding field. */
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

const MAX_SHOWN = 50;

/**
 * A text box with a list of suggestions (WAI-ARIA combobox with a listbox
 * popup, as the navbar search): typing filters the options (case-insensitive,
 * anywhere in the name), arrow keys move through them, Enter or a click picks
 * one, Escape closes the list. Free text stays allowed.
 */
export function Combobox({ id, value, onChange, options, listLabel, noOptions, disabled, maxLength, className = '', ...aria }: ComboboxProps) {
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const needle = value.trim().toLowerCase();
  // An exact pick shows the whole list again, so another choice is one click away.
  const exact = options.some((o) => o.toLowerCase() === needle);
  const shown = (needle && !exact ? options.filter((o) => o.toLowerCase().includes(needle)) : options).slice(0, MAX_SHOWN);
  const expanded = open && !disabled && (shown.length > 0 || (Boolean(noOptions) && needle.length > 0));
  const optionId = (i: number) => `${listId}-option-${i}`;

  const pick = (option: string) => {
    onChange(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : shown.length - 1);
        return;
      }
      const n = shown.length;
      if (n === 0) return;
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Enter') {
      // Picks the highlighted option instead of submitting the surrounding form.
      if (expanded && active >= 0 && shown[active] !== undefined) {
        e.preventDefault();
        pick(shown[active]);
      }
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div
      ref={root}
      className={`relative ${className}`}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) {
          setOpen(false);
          setActive(-1);
        }
      }}
    >
      <input
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={maxLength}
        disabled={disabled}
        className="input w-full aria-invalid:border-error"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        {...aria}
      />
      <div
        className={`absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-xl ${expanded ? '' : 'hidden'}`}
      >
        <ul id={listId} role="listbox" aria-label={listLabel} className={`max-h-64 overflow-y-auto py-1 ${shown.length === 0 ? 'hidden' : ''}`}>
          {shown.map((option, i) => (
            <li
              key={option}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
              // Keeps the focus in the box, so the blur above does not close the list before the click.
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(option)}
            >
              {option}
            </li>
          ))}
        </ul>
        {expanded && shown.length === 0 && noOptions && <p className="px-3 py-2 text-sm text-base-content/75">{noOptions}</p>}
      </div>
    </div>
  );
}
