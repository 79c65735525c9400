import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '@shop/shared/catalog';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { CategoryMenu } from './category-menu';

/** Issue #39 item 9: the header's category menu, a <details> disclosure the app makes a keyboard-friendly button. */
describe('CategoryMenu', () => {
  // Once the app runs, the server's <details> is a button with its list (e2e: the <details> without JavaScript).
  const parts = () => {
    const summary = screen.getByRole('button', { name: 'Categories' });
    const panel = document.getElementById(summary.getAttribute('aria-controls')!)!;
    const details = {
      get open() {
        return !panel.hidden;
      },
    };
    return { summary, details, panel };
  };

  it('links every category to the products page with its filter, and All parts to the whole list', () => {
    renderWithProviders(<CategoryMenu variant="bar" />, { url: '/products?category=brakes' });
    const list = within(parts().panel).getByRole('list', { hidden: true });
    const links = within(list).getAllByRole('link', { hidden: true });
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(PRODUCT_CATEGORIES.map((c) => [CATEGORY_LABELS[c], `/products?category=${c}`]));
    // The category on screen is marked.
    expect(links[0].getAttribute('aria-current')).toBe('page');
    expect(links[1].getAttribute('aria-current')).toBeNull();
    expect(within(parts().panel).getByRole('link', { name: 'All parts', hidden: true }).getAttribute('href')).toBe('/products');
  });

  it('opens by click with aria-expanded, and Escape closes it and returns the focus to its button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CategoryMenu variant="bar" />, { url: '/home' });
    const { summary, details } = parts();
    expect(summary.getAttribute('aria-expanded')).toBe('false');

    await user.click(summary);
    expect(details.open).toBe(true);
    expect(summary.getAttribute('aria-expanded')).toBe('true');

    await user.tab();
    expect(document.activeElement?.textContent).toBe(CATEGORY_LABELS[PRODUCT_CATEGORIES[0]]);
    await user.keyboard('{Escape}');
    expect(details.open).toBe(false);
    expect(summary.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(summary);
    // Enter and Space on <summary> are the browser's own: e2e/tests/category-menu.spec.ts presses them.
  });

  it('closes on a click elsewhere', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <CategoryMenu variant="bar" />
        <p>elsewhere</p>
      </>,
      { url: '/home' },
    );
    const { summary, details } = parts();
    await user.click(summary);
    expect(details.open).toBe(true);
    await user.click(screen.getByText('elsewhere'));
    expect(details.open).toBe(false);
    expect(summary.getAttribute('aria-expanded')).toBe('false');
  });
});
