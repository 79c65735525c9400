import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthValue } from '../../features/identity/auth-context';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Navbar } from './navbar';

// The sign-in state is the identity feature's job; here it is set per test.
const auth: { value: AuthValue } = { value: signedOut() };
vi.mock('../../features/identity/auth-context', () => ({ useAuth: () => auth.value }));
// The cart link loads the account's cart from the API; it has its own test (features/cart).
vi.mock('../../features/cart/components/cart-link', () => ({ CartLink: () => null }));

function signedOut(): AuthValue {
  return { user: null, loading: false, admin: false, adminLoading: false, logout: vi.fn(async () => {}) };
}
function signedIn(admin = false): AuthValue {
  return {
    user: { id: 'u1', email: 'sam@example.com', displayName: 'Sam Rider', photoURL: null },
    loading: false,
    admin,
    adminLoading: false,
    logout: vi.fn(async () => {}),
  };
}

const href = (name: string, root: HTMLElement = screen.getByRole('navigation', { name: 'Main navigation' })) =>
  within(root).getByRole('link', { name }).getAttribute('href');

describe('navbar', () => {
  beforeEach(() => {
    auth.value = signedOut();
  });

  it('signed out: Home, Products, Portfolio, Blog, Login, no Dashboard', () => {
    renderWithProviders(<Navbar />, { url: '/products' });
    expect(href('Home')).toBe('/home');
    expect(href('Products')).toBe('/products');
    expect(href('Portfolio')).toBe('/portfolio');
    expect(href('Blog')).toBe('/blog');
    expect(href('Login')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Products' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Torque & Throttle Parts' }).getAttribute('href')).toBe('/home');
  });

  it('signed-in customer: Dashboard goes to My Orders, the display name links to /profile, Logout signs out', async () => {
    auth.value = signedIn(false);
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Navbar />, { url: '/blog' });
    expect(href('Dashboard')).toBe('/dashboard/myorders');
    expect(href('Sam Rider')).toBe('/profile');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(auth.value.logout).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/home');
  });

  it('admin: Dashboard goes to Manage All Orders; the mobile menu still links Dashboard to My Orders', async () => {
    auth.value = signedIn(true);
    const user = userEvent.setup();
    renderWithProviders(<Navbar />, { url: '/home' });
    expect(href('Dashboard')).toBe('/dashboard/orders');

    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    await user.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    const mobile = screen.getByRole('navigation', { name: 'Menu' });
    expect(href('Dashboard', mobile)).toBe('/dashboard/myorders');
    expect(href('Sam Rider', mobile)).toBe('/profile');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    expect(document.activeElement).toBe(menuButton);
  });

  it('closes the mobile menu when a link is followed', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Navbar />, { url: '/home' });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Menu' })).getByRole('link', { name: 'Blog' }));
    expect(router.state.location.pathname).toBe('/blog');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
  });

  it('has the theme toggle', () => {
    renderWithProviders(<Navbar />);
    expect(screen.getByRole('button', { name: 'Toggle light/dark theme' })).toBeTruthy();
  });
});
