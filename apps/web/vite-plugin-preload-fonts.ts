import type { Plugin } from 'vite';

/**
 * Preloads the font files of the first screen (decision 107): the page template gets a
 * `<link rel="preload" as="font">` for each built font whose name matches, so the browser fetches them with
 * the stylesheet instead of after it. Both the server-rendered pages and the bare template carry them.
 */
export function preloadFonts(names: RegExp[]): Plugin {
  return {
    name: 'shop-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        return Object.values(ctx.bundle)
          .filter((file) => file.type === 'asset' && file.fileName.endsWith('.woff2') && names.some((re) => re.test(file.fileName)))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file.fileName}`, crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
