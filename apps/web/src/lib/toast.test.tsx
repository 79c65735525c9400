import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '../app/providers';
import { fakeApi, notFound } from '../testing/fake-api';
import { toastSuccess } from './toast';

/** The app's own providers (its one ToastContainer) with a visitor's session, and one toast shown. */
async function showToast(text: string) {
  fakeApi((req) => (req.path === '/api/auth/get-session' ? { status: 200, body: null } : notFound(req)));
  render(
    <Providers>
      <p>page</p>
    </Providers>,
  );
  act(() => {
    toastSuccess(text);
  });
  const message = await screen.findByText(text);
  const toast = message.closest<HTMLElement>('.Toastify__toast')!;
  const progress = toast.querySelector<HTMLElement>('.Toastify__progress-bar')!;
  return { toast, progress, container: toast.closest<HTMLElement>('.Toastify__toast-container')! };
}

describe('toasts follow spec §9', () => {
  it('sit top-right in the light theme', async () => {
    const { toast, container } = await showToast('Placed top-right');
    expect(container.className).toContain('Toastify__toast-container--top-right');
    expect(toast.className).toContain('Toastify__toast-theme--light');
  });

  it('close after 5000 ms, and hovering pauses the countdown', async () => {
    const { toast, progress } = await showToast('Counting down');
    // happy-dom's document never has focus, and a toast waits while the window is in the background.
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    // The countdown is the progress bar's animation: the toast closes when it ends.
    expect(progress.style.animationDuration).toBe('5000ms');
    expect(progress.style.animationPlayState).toBe('running');
    await userEvent.hover(toast);
    expect(progress.style.animationPlayState).toBe('paused');
    await userEvent.unhover(toast);
    expect(progress.style.animationPlayState).toBe('running');
  });

  it('can be dragged away, once dragged past 80 % of their width', async () => {
    const { toast } = await showToast('Drag me');
    // happy-dom lays nothing out: give the toast the width a browser would.
    Object.defineProperty(toast, 'offsetWidth', { configurable: true, value: 300 });
    const drag = (dx: number) => {
      fireEvent.pointerDown(toast, { clientX: 0, clientY: 0, pointerType: 'mouse' });
      fireEvent.pointerMove(document, { clientX: dx, clientY: 0, pointerType: 'mouse' });
      const opacity = toast.style.opacity;
      fireEvent.pointerUp(document, { clientX: dx, clientY: 0, pointerType: 'mouse' });
      return opacity;
    };
    // It fades in proportion to the removal distance, 80 % × 300 px = 240 px: 120 px is half-way.
    expect(drag(120)).toBe('0.5');
    expect(drag(-180)).toBe('0.25');
    // Let go short of it and it springs back; past it, it is gone.
    expect(toast.isConnected).toBe(true);
    drag(245);
    await waitForElementToBeRemoved(() => screen.queryByText('Drag me'));
  });
});
