import { describe, expect, it } from 'vitest';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'preact-render-to-string';
import { act } from 'preact/test-utils';
import './preact-number-text';

describe('numbers in text, hydrated (decision 147)', () => {
  it('keeps the server text of a number followed by text that reads as the same number', async () => {
    const pages = [
      () => <span>{1}.</span>,
      () => <span>{12} </span>,
      () => (
        <p>
          {3}.<b>x</b>
        </p>
      ),
      () => <span>Stock: {5}</span>,
    ];
    for (const Page of pages) {
      const container = document.createElement('div');
      container.innerHTML = renderToString(<Page />);
      const served = container.innerHTML;
      await act(() => void hydrateRoot(container, <Page />));
      expect(container.innerHTML).toBe(served);
    }
  });
});
