import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { navCopy } from '@shop/shared/copy/nav';
import { themeCopy } from '@shop/shared/copy/theme';
import { ThemeToggle } from './theme-toggle';
import { fakeColorScheme } from '../../../testing/fake-color-scheme';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { ThemeSelect } from './theme-select';

const html = () => document.documentElement.getAttribute('data-theme');

function renderControls() {
  renderWithProviders(
    <>
      <ThemeToggle />
      <ThemeSelect />
    </>,
  );
  return {
    select: screen.getByRole('combobox', { name: themeCopy.selectLabel }) as HTMLSelectElement,
    toggle: screen.getByRole('button', { name: navCopy.themeToggle }),
  };
}

describe('theme select (spec §4: toggle, set and select controls)', () => {
  it('offers Light, Dark and System, and starts on System when nothing was chosen', () => {
    fakeColorScheme(false);
    const { select } = renderControls();
    expect(Array.from(select.options, (o) => o.textContent)).toEqual(['Light', 'Dark', 'System']);
    expect(select.value).toBe('system');
    expect(html()).toBe('light');
    // Showing the page stores nothing: only a choice does.
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('Dark and Light apply data-theme and persist to localStorage.theme, as the toggle does', async () => {
    fakeColorScheme(false);
    const user = userEvent.setup();
    const { select, toggle } = renderControls();

    await user.selectOptions(select, themeCopy.dark);
    expect(html()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    await user.selectOptions(select, themeCopy.light);
    expect(html()).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    // The toggle and the select share one state.
    await user.click(toggle);
    expect(select.value).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('System follows prefers-color-scheme and keeps following it when the device setting changes', async () => {
    const device = fakeColorScheme(true);
    localStorage.setItem('theme', 'light');
    const user = userEvent.setup();
    const { select, toggle } = renderControls();
    expect(select.value).toBe('light');
    expect(html()).toBe('light');

    await user.selectOptions(select, themeCopy.system);
    expect(localStorage.getItem('theme')).toBe('system');
    expect(html()).toBe('dark');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    act(() => device.set(false));
    expect(html()).toBe('light');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    act(() => device.set(true));
    expect(html()).toBe('dark');

    // A fixed choice stops following the device.
    await user.selectOptions(select, themeCopy.light);
    act(() => device.set(false));
    act(() => device.set(true));
    expect(html()).toBe('light');
  });

  it('puts an OS switch on <html> in the event itself, before React renders it (issue #34)', () => {
    const device = fakeColorScheme(true);
    localStorage.setItem('theme', 'system');
    const { toggle } = renderControls();
    expect(html()).toBe('dark');
    // Outside act(): React has not rendered the change yet when the attribute is read.
    device.set(false);
    expect(html()).toBe('light');
    device.set(true);
    expect(html()).toBe('dark');
    act(() => device.set(false));
    expect(html()).toBe('light');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('a switch holds every transition until the new colours are drawn, so no control shows a colour half-way (issue #34)', async () => {
    const device = fakeColorScheme(true);
    localStorage.setItem('theme', 'system');
    renderControls();
    const holds = () => Array.from(document.head.querySelectorAll('style')).filter((s) => s.textContent?.includes('transition:none')).length;
    // (Earlier tests' switches may still have theirs, due in a frame.)
    const before = holds();
    device.set(false);
    expect(html()).toBe('light');
    expect(holds()).toBe(before + 1);
    // Two frames later the page has been drawn in the new colours, and transitions are back.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(holds()).toBe(0);
  });

  it('restores a stored System choice and applies a choice made in another tab', () => {
    fakeColorScheme(true);
    localStorage.setItem('theme', 'system');
    const { select } = renderControls();
    expect(select.value).toBe('system');
    expect(html()).toBe('dark');

    act(() => {
      localStorage.setItem('theme', 'light');
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'light' }));
    });
    expect(select.value).toBe('light');
    expect(html()).toBe('light');
  });
});
