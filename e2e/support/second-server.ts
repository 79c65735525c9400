import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/api/test/support/free-port';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface SecondServer {
  baseURL: string;
  /** Its port, which also names its data folder (and mail outbox): e2e/.tmp/data-<port>. */
  port: number;
  stop(): Promise<void>;
}

/**
 * A second shop for the tests that need other settings (e.g. ADMIN_TWO_FACTOR=required),
 * started the same way as Playwright's web server, on a free port with its own fresh
 * database, so the other suites keep the default server and its settings.
 */
export async function startSecondServer(env: Record<string, string>): Promise<SecondServer> {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(here, '..', 'start-server.mjs')], {
    env: { ...process.env, ...env, E2E_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the second shop exited with ${child.exitCode}`);
    const up = await fetch(`${baseURL}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the second shop did not answer within 120 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
