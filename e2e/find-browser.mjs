// Finds a Chromium for the browser tests: CHROME_PATH, Playwright's own, or
// Debian's /usr/bin/chromium. With `--install`, installs one when none exists.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export async function findBrowser() {
  if (process.env.CHROME_PATH && fs.existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  try {
    const { chromium } = await import('@playwright/test');
    const own = chromium.executablePath();
    if (own && fs.existsSync(own)) return own;
  } catch {
    /* Playwright's browser is not installed */
  }
  return CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
}

export async function ensureBrowser() {
  const found = await findBrowser();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("No Chromium found: installing Debian's chromium with apt-get…");
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status === 0) return findBrowser();
  } else {
    console.log('No Chromium found: trying `npx playwright install chromium`…');
    const r = spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
    if (r.status === 0) return findBrowser();
  }
  console.error(
    '\nNo browser for the end-to-end tests. Install one and run the tests again:\n' +
      '  Debian/Ubuntu:  sudo apt-get install -y chromium\n' +
      '  elsewhere:      npx playwright install chromium\n' +
      '  or point CHROME_PATH at a Chrome/Chromium binary.\n',
  );
  return null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const p = process.argv.includes('--install') ? await ensureBrowser() : await findBrowser();
  if (!p) process.exit(1);
  console.log(p);
}
