// Runs before the first paint: a classic script in <head>, which blocks rendering of the server-rendered page
// (decision 106), so it stays tiny.

// 1. The stored theme, so it never flashes the wrong one.
// localStorage.theme: 'light' | 'dark' | 'system'; 'system' or nothing follows the device (decision 060). The page's
// HTML carries no data-theme, so even without this script its stylesheet follows the device (issue #34).
// Also used by the theme controls before the app runs them (5.).
function applyThemeChoice(choice) {
  const theme = choice === 'dark' || choice === 'light' ? choice : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  const root = document.documentElement;
  const current = root.getAttribute('data-theme');
  if (current === theme) return;
  if (current === null) return root.setAttribute('data-theme', theme);
  // A switch: every colour changes at once, without each control's own colour transition (as the app does,
  // theme-context.tsx; they ended at different moments, and a check of the page could read colours half-way).
  const still = document.createElement('style');
  still.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.append(still);
  root.setAttribute('data-theme', theme);
  requestAnimationFrame(() => requestAnimationFrame(() => still.remove()));
}
function storedThemeChoice() {
  try {
    return localStorage.getItem('theme');
  } catch {
    return null; // storage blocked: as nothing chosen, the device decides
  }
}
applyThemeChoice(storedThemeChoice());
// "System" keeps following the device while the app's script is on its way; from then on the app does (theme-context.tsx).
window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
  if (!window.__appStarted) applyThemeChoice(storedThemeChoice());
});

// 2. Forms the app did not answer (decision 145). The server-rendered page can be typed into and sent while its
// script is still loading, or while the part of the page holding the form waits for its code; the browser would
// then submit the form itself, a page load that loses what was typed. Every form of the app cancels its own submit,
// so a submit that reaches the window uncancelled was not answered: it is held here, and the app sends it again once
// it can (src/held-submits.ts). A form with its own action works without the app, and a dialog's form only closes it.
{
  const box = (window.__heldSubmits = { held: [], notify: null });
  window.addEventListener('submit', (event) => {
    const form = event.target;
    if (!event.isTrusted || event.defaultPrevented || form.hasAttribute('action') || form.method === 'dialog') return;
    event.preventDefault();
    box.held.push({ form, submitter: event.submitter });
    if (box.notify) box.notify();
  });
}

// 3. The app's script, once the page's largest picture is on screen (decisions 146, 148). A server-rendered page is
// complete without its script: links are links, and forms are held (above). So the script is not fetched beside
// what the largest paint needs. It starts once the browser has reported the page's first contentful paint and the
// picture marked fetchpriority="high" (if any) has loaded, and the next frame is out; after 2.5 s at the latest.
// (A frame callback alone comes before the frame is shown: the script was requested before the first paint.)
{
  const start = () => {
    const data = document.getElementById('app-scripts');
    if (!data || data.dataset.started) return;
    data.dataset.started = 'true';
    const { entries, chunks } = JSON.parse(data.textContent);
    for (const src of entries) {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = src;
      document.head.append(script);
    }
    // The page's chunks are preloaded one per task: each link costs the browser some milliseconds (four times that
    // on a phone), and two dozen in one task made it a long one, counted by the phone's Total Blocking Time.
    // The app waits for the last of them (window.__chunksLinked) before it imports its screens: the bundler's own
    // loader links every chunk a screen needs that has no link yet, all in one task.
    let linked;
    window.__chunksLinked = new Promise((resolve) => (linked = resolve));
    const preload = (at) => {
      const href = chunks[at];
      if (href === undefined) return linked();
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
      // A tab in the background runs a timer about once a second: nobody waits there for a long task, so the rest go now.
      if (document.visibilityState === 'hidden') preload(at + 1);
      else setTimeout(preload, 0, at + 1);
    };
    setTimeout(preload, 0, 0);
  };
  // A task queued from a frame callback runs once that frame is drawn, though not always shown yet.
  const afterFrame = () => requestAnimationFrame(() => setTimeout(start, 0));
  const reported = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  document.addEventListener('DOMContentLoaded', () => {
    // Also when no frame comes (a tab opened in the background paints nothing until it is shown).
    setTimeout(start, 2500);
    const picture = document.querySelector('img[fetchpriority="high"]');
    // A browser that does not report paints is taken at its first frame.
    let painted = !reported.includes('paint');
    let loaded = !picture || picture.complete;
    const ready = () => {
      if (painted && loaded) afterFrame();
    };
    if (!painted) {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntries().some((e) => e.name === 'first-contentful-paint')) return;
        observer.disconnect();
        painted = true;
        ready();
      });
      observer.observe({ type: 'paint', buffered: true });
    }
    if (!loaded) {
      const done = () => {
        loaded = true;
        ready();
      };
      picture.addEventListener('load', done, { once: true });
      picture.addEventListener('error', done, { once: true });
    }
    ready();
  });
}

// 4. A picture that fails to load shows its stand-in (`data-fallback`), once: a customer's photo URL can go stale.
// Done here rather than by React, so it also holds before hydration and in the parts that never hydrate (decision 169).
window.addEventListener(
  'error',
  (event) => {
    const img = event.target;
    if (!(img instanceof HTMLImageElement) || !img.dataset.fallback) return;
    const fallback = new URL(img.dataset.fallback, document.baseURI).href;
    if (img.src !== fallback) img.src = fallback;
  },
  true,
);

// 5. The theme controls before the app runs them (issue #23 item 4): the footer's select and the navbar's toggle
// work at once, as the app would: the choice is stored and applied, and the app reads it when it hydrates. From the
// moment the app takes the page over (window.__appStarted, set by main.tsx), React answers them.
{
  const early = () => !window.__appStarted;
  const choose = (choice) => {
    try {
      localStorage.setItem('theme', choice);
    } catch {
      /* storage blocked: this page still shows the choice */
    }
    applyThemeChoice(choice);
  };
  document.addEventListener('change', (event) => {
    const select = event.target;
    if (early() && select instanceof HTMLSelectElement && select.hasAttribute('data-theme-choice')) choose(select.value);
  });
  document.addEventListener('click', (event) => {
    const toggle = event.target instanceof Element ? event.target.closest('[data-theme-toggle]') : null;
    if (early() && toggle) choose(document.documentElement.getAttribute('data-theme') === 'dark' ? 'light' : 'dark');
  });
}
