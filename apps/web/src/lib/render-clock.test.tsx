import { act } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { minutesLeft } from '@shop/shared/order-state';
import { setRenderedAt, useNow } from './render-clock';
import { useDateFormat } from './date-format';

// Hydration is driven by hand here (testing-library's render would create a root of its own).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const EXPIRES = '2026-12-02T05:00:00.000Z';
/** 30 s before the minute turns: "Reserved for 11 min" then, "10 min" a minute later. */
const RENDERED = Date.parse('2026-12-02T04:49:30.000Z');

function Reservation() {
  const now = useNow();
  const when = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  return (
    <p>
      Reserved for {minutesLeft(EXPIRES, now)} min, until {when(EXPIRES)}
    </p>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  setRenderedAt(null);
  vi.useRealTimers();
});

describe('the render clock (decision 187)', () => {
  it('hydrates a server page whose minute turned before the browser ran, then shows the browser its own time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(RENDERED);
    setRenderedAt(RENDERED);
    const html = renderToString(<Reservation />);
    expect(html).toContain('Reserved for <!-- -->11<!-- --> min, until <!-- -->Dec 2, 2026, 5:00 AM UTC');

    // The browser runs the page a minute later.
    vi.setSystemTime(RENDERED + 60_000);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <Reservation />, { onRecoverableError: (e) => errors.push(e) });
    });
    // No mismatch: React kept the server's markup, then rendered the browser's clock and zone.
    expect(errors).toEqual([]);
    expect(container.textContent).toMatch(/^Reserved for 10 min, until Dec 2, 2026, \d{1,2}:00 (AM|PM)$/);
    container.remove();
  });

  it('without a server render, shows the browser its own clock and zone at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(RENDERED + 60_000);
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      root = createRoot(container);
      root.render(<Reservation />);
    });
    expect(container.textContent).toMatch(/^Reserved for 10 min, until Dec 2, 2026, \d{1,2}:00 (AM|PM)$/);
    container.remove();
  });
});
