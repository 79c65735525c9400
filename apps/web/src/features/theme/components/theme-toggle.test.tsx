import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeToggle } from './theme-toggle';
import { fakeColorScheme } from '../../../testing/fake-color-scheme';
import { renderWithProviders } from '../../../testing/render-with-providers';
import themeBoot from '../../../../public/boot.js?raw';

/** What a page load does before the first paint: index.html ships no data-theme (issue #34), then public/boot.js runs. */
async function loadPage() {
  document.documentElement.removeAttribute('data-theme');
  window.__appStarted = undefined;
  // The shipped script, run as the browser runs it.
  new Function(themeBoot)();
}

/** The app takes the page over, as main.tsx does: from here React, not boot.js, answers the theme controls. */
function startApp() {
  window.__appStarted = true;
  renderWithProviders(<ThemeToggle />);
}

afterEach(() => {
  window.__appStarted = undefined;
});

describe('theme toggle', () => {
  it('switches light ↔ dark on <html data-theme>, stores the choice in localStorage.theme and reports its state', async () => {
    fakeColorScheme(false);
    await loadPage();
    const user = userEvent.setup();
    startApp();

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

    startApp();
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

  it('boot.js: until the app starts, "System" follows the device when it switches; a fixed choice does not (issue #34)', async () => {
    const device = fakeColorScheme(true);
    localStorage.setItem('theme', 'system');
    await loadPage();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    device.set(false);
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');

    device.set(true);
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');

    localStorage.setItem('theme', 'light');
    await loadPage();
    device.set(true);
    device.set(false);
    device.set(true);
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });
});
