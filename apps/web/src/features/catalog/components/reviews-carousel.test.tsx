import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { ReviewsCarousel } from './reviews-carousel';
import { makeReviews } from '../../../testing/fixtures';
import '../../../testing/render-with-providers'; // its cleanup after each test

const dots = () => screen.getAllByRole('button', { name: /^Go to review \d+$/ });
const currentDot = () =>
  dots()
    .find((d) => d.getAttribute('aria-current') === 'true')
    ?.getAttribute('aria-label');
const trackOf = (region: HTMLElement) => region.firstElementChild as HTMLElement;

/** Gives the track a layout (happy-dom has none): `perView` slides of 300 px with the 24 px gap in view. */
function layOut(track: HTMLElement, perView: number) {
  const slides = [...track.children] as HTMLElement[];
  const width = perView * 300 + (perView - 1) * 24;
  const set = (el: HTMLElement, prop: string, value: number) => Object.defineProperty(el, prop, { configurable: true, value });
  set(track, 'clientWidth', width);
  set(track, 'scrollWidth', slides.length * 324 - 24);
  slides.forEach((slide, i) => {
    set(slide, 'offsetLeft', i * 324);
    set(slide, 'offsetWidth', 300);
  });
}

describe('the reviews carousel', () => {
  it('is a labelled region of review slides, one bullet each, the first current', () => {
    render(<ReviewsCarousel reviews={makeReviews(5)} />);
    const region = screen.getByRole('region', { name: 'Customer reviews' });
    const slides = within(region).getAllByRole('group');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 5', '2 of 5', '3 of 5', '4 of 5', '5 of 5']);
    expect(slides[0].getAttribute('aria-roledescription')).toBe('review');
    expect(within(slides[0]).getByRole('heading', { name: 'Rider 1' })).toBeTruthy();
    expect(dots()).toHaveLength(5);
    expect(currentDot()).toBe('Go to review 1');
    expect(dots().filter((d) => d.hasAttribute('aria-current'))).toHaveLength(1);
    // At the start there is nothing before; the scrollable track is reachable by keyboard.
    expect(screen.getByRole('button', { name: 'Previous review' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Next review' }).hasAttribute('aria-disabled')).toBe(false);
    expect(trackOf(region).tabIndex).toBe(0);
  });

  it('Next, Previous and a bullet scroll the track and move the current bullet', () => {
    render(<ReviewsCarousel reviews={makeReviews(5)} />);
    const track = trackOf(screen.getByRole('region'));
    layOut(track, 1);
    const scrollTo = vi.fn();
    track.scrollTo = scrollTo as typeof track.scrollTo;

    fireEvent.click(screen.getByRole('button', { name: 'Next review' }));
    expect(currentDot()).toBe('Go to review 2');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 324, behavior: 'smooth' });
    expect(screen.getByRole('button', { name: 'Previous review' }).hasAttribute('aria-disabled')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Go to review 5' }));
    expect(currentDot()).toBe('Go to review 5');
    expect(scrollTo).toHaveBeenLastCalledWith({ left: 4 * 324, behavior: 'smooth' });
    expect(screen.getByRole('button', { name: 'Next review' }).getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Previous review' }));
    expect(currentDot()).toBe('Go to review 4');
  });

  it('with three cards in view, the last place is the third-last review', () => {
    render(<ReviewsCarousel reviews={makeReviews(5)} />);
    const track = trackOf(screen.getByRole('region'));
    layOut(track, 3);
    track.scrollTo = vi.fn() as typeof track.scrollTo;
    fireEvent.click(screen.getByRole('button', { name: 'Go to review 5' }));
    expect(currentDot()).toBe('Go to review 3');
    expect(screen.getByRole('button', { name: 'Next review' }).getAttribute('aria-disabled')).toBe('true');
    // Those bullets can never be current at that width, so they are hidden there.
    expect(screen.getByRole('button', { name: 'Go to review 5' }).className).toContain('sm:hidden');
    expect(screen.getByRole('button', { name: 'Go to review 4' }).className).toContain('lg:hidden');
  });

  it('on a phone five bullets show, around the current one', () => {
    render(<ReviewsCarousel reviews={makeReviews(20)} />);
    const shownOnPhone = () =>
      dots()
        .filter((d) => /\bgrid sm:/.test(d.className))
        .map((d) => d.getAttribute('aria-label'));
    expect(shownOnPhone()).toEqual(['Go to review 1', 'Go to review 2', 'Go to review 3', 'Go to review 4', 'Go to review 5']);
    const track = trackOf(screen.getByRole('region'));
    track.scrollTo = vi.fn() as typeof track.scrollTo;
    fireEvent.click(screen.getByRole('button', { name: 'Go to review 5' }));
    expect(shownOnPhone()).toEqual(['Go to review 3', 'Go to review 4', 'Go to review 5', 'Go to review 6', 'Go to review 7']);
    fireEvent.keyDown(track, { key: 'End' });
    expect(shownOnPhone()).toEqual(['Go to review 16', 'Go to review 17', 'Go to review 18', 'Go to review 19', 'Go to review 20']);
    // From 640 px every bullet that can be current shows.
    expect(screen.getByRole('button', { name: 'Go to review 19' }).className).toMatch(/ sm:grid lg:hidden$/);
  });

  it('the arrow keys, Home and End page through it; on a bullet the focus follows', () => {
    render(<ReviewsCarousel reviews={makeReviews(4)} />);
    const track = trackOf(screen.getByRole('region'));
    track.scrollTo = vi.fn() as typeof track.scrollTo;
    track.focus();
    fireEvent.keyDown(track, { key: 'ArrowRight' });
    expect(currentDot()).toBe('Go to review 2');
    fireEvent.keyDown(track, { key: 'End' });
    expect(currentDot()).toBe('Go to review 4');
    fireEvent.keyDown(track, { key: 'ArrowLeft' });
    expect(currentDot()).toBe('Go to review 3');

    const second = screen.getByRole('button', { name: 'Go to review 2' });
    second.focus();
    fireEvent.keyDown(second, { key: 'Home' });
    expect(currentDot()).toBe('Go to review 1');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Go to review 1' }));
    // From a bullet that is not the current one, the arrows move from that bullet.
    const third = screen.getByRole('button', { name: 'Go to review 3' });
    third.focus();
    fireEvent.keyDown(third, { key: 'ArrowRight' });
    expect(currentDot()).toBe('Go to review 4');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Go to review 4' }));
  });

  it('follows a swipe: the current bullet is the slide at the start of the view', async () => {
    render(<ReviewsCarousel reviews={makeReviews(6)} />);
    const track = trackOf(screen.getByRole('region'));
    layOut(track, 2);
    track.scrollLeft = 2 * 324 + 10;
    fireEvent.scroll(track);
    await waitFor(() => expect(currentDot()).toBe('Go to review 3'));
    // Scrolled to the end: the last place is current and Next is disabled.
    track.scrollLeft = 6 * 324 - 24 - (2 * 300 + 24);
    fireEvent.scroll(track);
    await waitFor(() => expect(currentDot()).toBe('Go to review 5'));
    expect(screen.getByRole('button', { name: 'Next review' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('jumps without animation when the visitor asks for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('prefers-reduced-motion: reduce') }) as MediaQueryList);
    render(<ReviewsCarousel reviews={makeReviews(3)} />);
    const track = trackOf(screen.getByRole('region'));
    const scrollTo = vi.fn();
    track.scrollTo = scrollTo as typeof track.scrollTo;
    fireEvent.click(screen.getByRole('button', { name: 'Next review' }));
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ behavior: 'auto' }));
  });

  it('hydrates the server markup without a mismatch', async () => {
    const reviews = makeReviews(7);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<ReviewsCarousel reviews={reviews} />);
    document.body.append(container);
    const errors: unknown[] = [];
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <ReviewsCarousel reviews={reviews} />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(within(container).getAllByRole('group')).toHaveLength(7);
    act(() => root!.unmount());
    container.remove();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  });
});
