import type pg from 'pg';

/** What a LISTEN subscriber hears: each NOTIFY payload, and whether it can trust that it hears them all. */
export interface ListenHandlers {
  message(payload: string): void;
  /** false when the connection is lost (notifications may be missed), true once listening again. */
  state(listening: boolean): void;
}

export type Unlisten = () => Promise<void>;

/**
 * LISTEN on PostgreSQL through one dedicated connection (a pooled one could
 * be handed to a query and miss notifications). When it drops, the
 * subscriber is told at once and the connection is retried with backoff,
 * so a restart of the database never leaves a process trusting stale data.
 */
export async function listenPostgres(Client: typeof pg.Client, connectionString: string, channel: string, handlers: ListenHandlers): Promise<Unlisten> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 100;

  const connect = async (): Promise<void> => {
    const c = new Client({ connectionString, application_name: 'shop-cache-listener' });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      c.removeAllListeners('notification');
      void c.end().catch(() => {});
      if (client === c) client = undefined;
      if (stopped) return;
      handlers.state(false);
      retry = setTimeout(() => void connect().catch(onConnectFailed), delay);
      retry.unref();
      delay = Math.min(delay * 2, 5000);
    };
    const onConnectFailed = () => onLost();
    c.on('error', onLost);
    c.on('end', onLost);
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      onLost();
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = 100;
    handlers.state(true);
  };

  // A failed first attempt is retried like a dropped connection; until then the subscriber was told not to trust.
  await connect().catch(() => {});
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = undefined;
    if (c) {
      c.removeAllListeners();
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  };
}
