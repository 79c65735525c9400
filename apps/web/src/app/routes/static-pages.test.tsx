import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import BlogPage from './blog';
import PortfolioPage from './portfolio';
import NotFoundPage from './not-found';
import { renderWithProviders } from '../../testing/render-with-providers';

describe('blog', () => {
  it('has the five question-and-answer cards of the spec', async () => {
    renderWithProviders(<BlogPage />, { url: '/blog' });
    // Rendered in the browser (a client-side navigation), the page's text loads its own code first (decision 169).
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(5);
    const questions = cards.map((c) => within(c).getByRole('heading', { level: 2 }).textContent ?? '');
    expect(questions[0]).toMatch(/performance of a React application/);
    expect(questions[1]).toMatch(/manage state/);
    expect(questions[2]).toMatch(/prototypal inheritance/);
    expect(questions[3]).toMatch(/not set state directly/);
    expect(questions[4]).toMatch(/unit tests/);
    await waitFor(() => expect(document.title).toBe('Workshop Blog · Torque & Throttle Parts'));
  });
});

describe('portfolio', () => {
  it('shows the team profile, skills and links to the open-source projects the shop is built on', async () => {
    renderWithProviders(<PortfolioPage />, { url: '/portfolio' });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Team Behind the Shop' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Skills' })).toBeTruthy();
    for (const [name, url] of [
      ['React', 'https://react.dev/'],
      ['Fastify', 'https://fastify.dev/'],
      ['Drizzle ORM', 'https://orm.drizzle.team/'],
      ['Better Auth', 'https://www.better-auth.com/'],
      ['TanStack Query', 'https://tanstack.com/query'],
      ['Tailwind CSS', 'https://tailwindcss.com/'],
      ['daisyUI', 'https://daisyui.com/'],
      ['Playwright', 'https://playwright.dev/'],
      ['PGlite', 'https://pglite.dev/'],
    ]) {
      const link = screen.getByRole('link', { name: `${name} (opens in a new tab)` });
      expect(link.getAttribute('href')).toBe(url);
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });
});

describe('not found', () => {
  it("says 'Page not found', links home and sets the title", async () => {
    renderWithProviders(<NotFoundPage />, { url: '/nope' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/home');
    await waitFor(() => expect(document.title).toBe('Page not found · Torque & Throttle Parts'));
  });
});
