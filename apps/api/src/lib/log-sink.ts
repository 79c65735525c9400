import type { Writable } from 'node:stream';

/** What pino needs from a destination. */
export interface LogSink {
  write(line: string): boolean;
  /** Lines dropped because the reader was gone or too slow (exposed for tests and the shutdown message). */
  readonly dropped: number;
}

/** Unread log output kept in memory before lines are dropped (per stream). */
export const LOG_BUFFER_LIMIT_BYTES = 1024 * 1024;

/**
 * Keeps the shop answering when nobody reads its output (issue #7, decision 072).
 *
 * pino's default destination writes synchronously and retries a full pipe in
 * a loop, so a log reader that stops reading (or closes the pipe) froze the
 * whole server. Here every line goes through the stream's own asynchronous
 * queue; once that queue holds more than `limitBytes`, or the stream failed
 * (EPIPE, EBADF), lines are dropped and counted instead of written.
 *
 * The queue only helps while the pipe is in non-blocking mode, and that mode
 * belongs to the pipe, not to this process: a child that inherits it (tsx's
 * esbuild inherits stderr, which is often the same pipe) switches it to
 * blocking when it starts, and the next write to a full pipe would freeze the
 * shop. So every write first puts the pipe back into non-blocking mode.
 */
export function createLogSink(stream: Writable, limitBytes = LOG_BUFFER_LIMIT_BYTES): LogSink {
  let broken = false;
  let dropped = 0;
  guardStdio(stream, () => {
    broken = true;
  });
  return {
    write(line) {
      if (broken || stream.destroyed || !stream.writable || stream.writableLength > limitBytes) {
        dropped += 1;
        return true;
      }
      try {
        handleOf(stream)?.setBlocking?.(false);
        stream.write(line);
      } catch {
        broken = true;
        dropped += 1;
      }
      return true;
    },
    get dropped() {
      return dropped;
    },
  };
}

/** libuv's handle under a pipe or socket stream such as process.stdout: Node has no public switch for its mode. */
type StreamHandle = { setBlocking?: (blocking: boolean) => number };
const handleOf = (stream: Writable) => (stream as unknown as { _handle?: StreamHandle | null })._handle;

const guarded = new WeakSet<Writable>();

/**
 * A write error on stdout or stderr (the reader went away) is emitted as an
 * 'error' event that would otherwise crash the process: note it and go on.
 */
export function guardStdio(stream: Writable, onBroken: () => void = () => {}): void {
  stream.on('error', onBroken);
  if (guarded.has(stream)) return;
  guarded.add(stream);
  // Keeps the listener count above zero even if the caller's listener is removed.
  stream.on('error', () => {});
}
