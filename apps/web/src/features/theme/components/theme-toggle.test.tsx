import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeToggle } from './theme-toggle';
import { fakeColorScheme } from '../../../testing/fake-color-scheme';
import { renderWithProviders } from '../../../testing/render-with-providers';
import themeBoot from '../../../../public/boot.js?raw';

/** What a page load does before the first paint: index.html ships data-theme="light", then public/boot.js runs. */
async function loadPage() {
  document.documentElement.setAttribute('data-theme', 'light');
  // The shipped script, run as the browser runs it.
  new Function(themeBoot)();
}

describe('theme toggle', () => {
  it('switches light ↔ dark on <html data-theme>, stores the choice in localStorage.theme and reports its state', async () => {
    fakeColorScheme(false);
    await loadPage();
    const user = userEvent.setup();
    renderWithProviders(<ThemeToggle />);

    const toggle = screen.getByRole('button', { name: 'Toggle light/dark theme' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    await user.click(toggle);
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    await user.click(toggle);
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('after a reload, boot.js applies the stored choice before React renders, and the toggle starts from it', async () => {
    // The device prefers light: only the stored choice can make the page dark.
    fakeColorScheme(false);
    localStorage.setItem('theme', 'dark');
    await loadPage();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');

    renderWithProviders(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Toggle light/dark theme' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  });

  it('boot.js: a stored light choice wins over a dark device; "system" and no choice follow the device', async () => {
    fakeColorScheme(true);
    localStorage.setItem('theme', 'light');
    await loadPage();
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');

    localStorage.setItem('theme', 'system');
    await loadPage();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');

    localStorage.removeItem('theme');
    await loadPage();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  });
});
