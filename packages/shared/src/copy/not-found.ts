export const notFoundCopy = {
  title: 'Page not found',
  text: 'We could not find that page. The part you are looking for may have moved.',
  back: 'Back to Home',
} as const;
