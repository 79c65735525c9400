import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ModelLineGallery } from './model-line-gallery';
import { renderWithProviders } from '../../testing/render-with-providers';

describe('Full Model Line', () => {
  it('shows the heading, the subtitle and five tiles', () => {
    renderWithProviders(<ModelLineGallery />);
    expect(screen.getByRole('heading', { name: 'Full Model Line' })).toBeTruthy();
    expect(screen.getByText('Exhilaration Takes Many Forms')).toBeTruthy();
    const images = screen.getAllByRole('img');
    expect(images.map((i) => i.getAttribute('src'))).toEqual([
      '/images/models/sport.svg',
      '/images/models/naked.svg',
      '/images/models/adventure.svg',
      '/images/models/cruiser.svg',
      '/images/models/scooter.svg',
    ]);
  });

  it("warms the alternates once mounted, not in the server's HTML, where they would compete with the first paint", async () => {
    const html = renderToString(
      <MemoryRouter>
        <ModelLineGallery />
      </MemoryRouter>,
    );
    expect(html).toContain('/images/models/sport.svg');
    expect(html).not.toContain('rel="prefetch"');
    renderWithProviders(<ModelLineGallery />);
    await waitFor(() => expect(document.querySelectorAll('link[rel="prefetch"]')).toHaveLength(5));
    expect([...document.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute('href'))).toContain('/images/models/cruiser-alt.svg');
  });

  it('swaps a tile to its alternate image on hover and back when the pointer leaves', () => {
    renderWithProviders(<ModelLineGallery />);
    const img = screen.getByRole('img', { name: 'Cruiser motorcycle' });
    fireEvent.mouseEnter(img.closest('a')!);
    expect(img.getAttribute('src')).toBe('/images/models/cruiser-alt.svg');
    expect(screen.getByRole('img', { name: 'Sport motorcycle' }).getAttribute('src')).toBe('/images/models/sport.svg');
    fireEvent.mouseLeave(img.closest('a')!);
    expect(img.getAttribute('src')).toBe('/images/models/cruiser.svg');
  });

  it('swaps on keyboard focus too', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ModelLineGallery />);
    await user.tab();
    expect(screen.getByRole('img', { name: 'Sport motorcycle' }).getAttribute('src')).toBe('/images/models/sport-alt.svg');
    await user.tab();
    expect(screen.getByRole('img', { name: 'Sport motorcycle' }).getAttribute('src')).toBe('/images/models/sport.svg');
    expect(screen.getByRole('img', { name: 'Naked roadster motorcycle' }).getAttribute('src')).toBe('/images/models/naked-alt.svg');
  });
});
