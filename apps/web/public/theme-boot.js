// Applied before the first paint, so the stored theme never flashes the wrong one: a classic
// script in <head>, which blocks rendering of the server-rendered page (decision 106).
// localStorage.theme: 'light' | 'dark' | 'system'; 'system' or nothing follows the device (decision 060).
try {
  const stored = localStorage.getItem('theme');
  const theme = stored === 'dark' || stored === 'light' ? stored : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-theme', theme);
} catch {
  /* storage blocked: keep the default */
}
