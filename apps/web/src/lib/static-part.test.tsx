import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, createStaticHandler, createStaticRouter, StaticRouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { StaticPart, captureStaticParts, releaseStaticParts } from './static-part';

// Hydration is driven by hand here (testing-library's render would create a root of its own).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Counts the renders of the part's inside: a static part adopted from the server never renders it. */
let renders = 0;
function Inside({ text }: { text: string }) {
  renders++;
  return (
    <p>
      {text} <a href="/blog">Read the blog</a> <a href="#terms">Terms</a> <a href="https://example.com/x">Elsewhere</a>
    </p>
  );
}

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

function Page({ text, version }: { text: string; version?: string }) {
  const [, setTick] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setTick((n) => n + 1)}>
        again
      </button>
      <StaticPart id="intro" version={version}>
        <Inside text={text} />
      </StaticPart>
      <Where />
    </>
  );
}

async function serverHtml(element: React.ReactElement): Promise<string> {
  const routes = [{ path: '*', element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://shop.test/'));
  if (context instanceof Response) throw new Error('unexpected response');
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

let root: Root | undefined;
let container: HTMLElement;

async function hydrate(element: React.ReactElement, errors: unknown[]) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  await act(async () => {
    root = hydrateRoot(container, <RouterProvider router={router} />, { onRecoverableError: (e) => errors.push(e) });
  });
  return router;
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
  releaseStaticParts();
  renders = 0;
});

describe('StaticPart (decision 169)', () => {
  it('the server renders what is inside, marked as a static part', async () => {
    const html = await serverHtml(<Page text="From the server" />);
    expect(html).toContain('<div data-static="intro" class="contents"><p>From the server');
  });

  it('keeps the server HTML when the page hydrates: nothing inside renders, and no mismatch is reported', async () => {
    container = document.createElement('div');
    container.innerHTML = await serverHtml(<Page text="From the server" />);
    document.body.append(container);
    const served = container.querySelector('[data-static="intro"] p')!;
    renders = 0;
    captureStaticParts(container);
    const errors: unknown[] = [];
    // The browser's own render would say something else: the server's HTML is what stays.
    await hydrate(<Page text="Rendered in the browser" />, errors);
    expect(errors).toEqual([]);
    expect(renders).toBe(0);
    expect(container.querySelector('[data-static="intro"] p')).toBe(served);
    expect(served.textContent).toContain('From the server');

    // A re-render of the page around it leaves it alone.
    await act(async () => container.querySelector('button')!.click());
    expect(renders).toBe(0);
    expect(container.querySelector('[data-static="intro"] p')).toBe(served);
  });

  it('a click on a link inside navigates in the app; in-page and other sites are left to the browser', async () => {
    container = document.createElement('div');
    container.innerHTML = await serverHtml(<Page text="From the server" />);
    document.body.append(container);
    captureStaticParts(container);
    const router = await hydrate(<Page text="From the server" />, []);
    const link = (name: string) => [...container.querySelectorAll('a')].find((a) => a.textContent === name)!;

    const inPage = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => void link('Terms').dispatchEvent(inPage));
    expect(inPage.defaultPrevented).toBe(false);

    const away = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    // Not followed by the test DOM either: the default is cancelled after the part has looked at it.
    link('Elsewhere').addEventListener('click', (e) => e.preventDefault(), { once: true });
    await act(async () => void link('Elsewhere').dispatchEvent(away));
    expect(router.state.location.pathname).toBe('/');

    const withCtrl = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    await act(async () => void link('Read the blog').dispatchEvent(withCtrl));
    expect(withCtrl.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/');

    const plain = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => void link('Read the blog').dispatchEvent(plain));
    expect(plain.defaultPrevented).toBe(true);
    expect(router.state.location.pathname).toBe('/blog');
    expect(container.querySelector('output')!.textContent).toBe('/blog');
  });

  it('is rendered by React when its data changes after hydration', async () => {
    container = document.createElement('div');
    container.innerHTML = await serverHtml(<Page text="Price $10" version="10" />);
    document.body.append(container);
    renders = 0;
    captureStaticParts(container);
    const router = createMemoryRouter([{ path: '*', element: <Page text="Price $10" version="10" /> }]);
    await act(async () => {
      root = hydrateRoot(container, <RouterProvider router={router} />);
    });
    expect(renders).toBe(0);
    await act(async () => root!.render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <Page text="Price $12" version="12" /> }])} />));
    expect(renders).toBeGreaterThan(0);
    expect(container.querySelector('[data-static="intro"]')!.textContent).toContain('Price $12');
  });

  it('renders what is inside when there is no server HTML (a client-side navigation, or after hydration)', async () => {
    container = document.createElement('div');
    container.innerHTML = await serverHtml(<Page text="From the server" />);
    document.body.append(container);
    captureStaticParts(container);
    releaseStaticParts();
    container.innerHTML = '';
    const router = createMemoryRouter([{ path: '*', element: <Page text="Fresh" /> }]);
    const { createRoot } = await import('react-dom/client');
    await act(async () => {
      root = createRoot(container);
      root.render(<RouterProvider router={router} />);
    });
    expect(renders).toBeGreaterThan(0);
    expect(container.querySelector('[data-static="intro"]')!.textContent).toContain('Fresh');
  });
});
