import fs from 'node:fs';
import net from 'node:net';

/** The kernel's range for port 0 and for outgoing connections (Linux's default when /proc does not say). */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > 0 && high >= low) return [low, high];
  } catch {
    // Not Linux: the IANA range macOS uses too.
    return [49152, 65535];
  }
  return [32768, 60999];
}

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A free port for a server another process will open a few seconds later.
 *
 * A port the kernel hands out for port 0 is free again the moment it is checked, and the next `listen(0)` or
 * outgoing connection of any test running beside this one may take it before the child process binds it; the
 * child's health check then talks to someone else's server. A port below the kernel's ephemeral range is never
 * handed out that way, so picking one at random and checking it is free leaves only other callers of this
 * function to collide with.
 */
export async function freePort(): Promise<number> {
  const [low] = ephemeralRange();
  const from = Math.min(20_000, low - 2_000);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = from + Math.floor(Math.random() * (low - from));
    if (await listensOn(port)) return port;
  }
  throw new Error(`no free port between ${from} and ${low}`);
}
