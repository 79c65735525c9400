import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeToggle } from './theme-toggle';
import { renderWithProviders } from '../testing/render-with-providers';

describe('theme toggle', () => {
  it('switches light ↔ dark on <html data-theme>, stores the choice in localStorage.theme and reports its state', async () => {
    document.documentElement.setAttribute('data-theme', 'light');
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

  it('starts from the theme applied before React rendered (the stored choice survives a reload)', () => {
    // theme-boot.ts applies localStorage.theme to <html> before the app renders.
    localStorage.setItem('theme', 'dark');
    document.documentElement.setAttribute('data-theme', 'dark');
    renderWithProviders(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Toggle light/dark theme' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
