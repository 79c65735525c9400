import type { Readable } from 'node:stream';
import { TextDecoder } from 'node:util';
import { SaxesParser } from 'saxes';
import { BadRequestError } from '../../lib/errors';

/**
 * Issue #35 items 3–4 (decision 201): the streaming core of the PIES and ACES readers. The file is read chunk by
 * chunk through saxes; only the record being read (one `Item`, one `App`, the `Header`) is held as a small tree, and
 * the next chunk is read only when the records of the last one have been taken, so memory stays one chunk and one
 * record whatever the size of the feed.
 */

export type FeedErrorCode = 'FEED_MALFORMED' | 'FEED_WRONG_KIND' | 'FEED_NO_HEADER' | 'FEED_BAD_HEADER' | 'FEED_RECORD_TOO_LARGE';

/** A feed that cannot be read at all: nothing of it may be imported. A route answers it with 400. */
export class FeedError extends BadRequestError {
  constructor(
    message: string,
    code: FeedErrorCode,
    public readonly line: number | null = null,
    public readonly column: number | null = null,
  ) {
    super(message, code, line === null ? undefined : { line, column });
  }
}

/** One element of a record: its local name (a namespace prefix dropped), attributes, text and children. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
  line: number;
}

export type FeedRootName = 'PIES' | 'ACES';

export type XmlRecordEvent = { type: 'root' | 'header' | 'record' | 'trailer'; node: XmlNode };

interface RecordShape {
  root: FeedRootName;
  /** The path below the root of each record ("Items/Item" for PIES, "App" for ACES). */
  record: string;
  /** The trailer or footer holding the declared record count. */
  trailer: string;
}

/** One record (an Item, an App) is far smaller than this; a larger one is a broken or hostile file, not held. */
export const FEED_RECORD_MAX_CHARS = 1_000_000;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The other kind, for the "wrong kind" message. */
const KIND_NAMES: Record<FeedRootName, string> = { PIES: 'a PIES product feed', ACES: 'an ACES fitment feed' };

/** The encoding the XML declaration names, looked for in the first bytes; UTF-8 when it names none. */
function declaredEncoding(first: Buffer): string {
  const head = first.subarray(0, 200).toString('latin1');
  const m = /^\uFEFF?<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  const label = m?.[1].toLowerCase() ?? 'utf-8';
  try {
    new TextDecoder(label);
    return label;
  } catch {
    throw new FeedError(`The file's encoding “${m?.[1]}” is not one the shop reads: send it as UTF-8`, 'FEED_MALFORMED', 1, 1);
  }
}

/** The first element of the first child named `name`. */
export const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name);
export const childrenNamed = (node: XmlNode, name: string) => node.children.filter((c) => c.name === name);
/** A child's text, trimmed; null when absent or empty. */
export function childText(node: XmlNode, name: string): string | null {
  const c = child(node, name);
  const t = c?.text.trim();
  return t ? t : null;
}
export function attr(node: XmlNode | undefined, name: string): string | null {
  const v = node?.attrs[name]?.trim();
  return v ? v : null;
}

/**
 * The header, each record and the trailer of a feed as small trees, in file order. Throws a FeedError for XML that
 * is not well-formed (naming its line and column) and, at the first element, for a file of another kind.
 */
export async function* xmlRecords(source: Readable | AsyncIterable<Buffer | string>, shape: RecordShape): AsyncGenerator<XmlRecordEvent> {
  const parser = new SaxesParser({ position: true });
  const queue: XmlRecordEvent[] = [];
  const path: string[] = [];
  const recordPath = shape.record.split('/');
  let capture: XmlNode[] = [];
  let captureType: XmlRecordEvent['type'] | null = null;
  let tagLine = 1;
  let sawRoot = false;
  let recordChars = 0;
  const grow = (chars: number) => {
    recordChars += chars;
    if (recordChars > FEED_RECORD_MAX_CHARS) {
      const first = capture[0];
      throw new FeedError(
        `The <${first.name}> at line ${first.line} is larger than ${FEED_RECORD_MAX_CHARS.toLocaleString('en')} characters: the file is not read further`,
        'FEED_RECORD_TOO_LARGE',
        first.line,
        null,
      );
    }
  };

  parser.on('error', (err) => {
    const reason = err.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '');
    throw new FeedError(
      `The file is not well-formed XML: line ${parser.line}, column ${parser.column}: ${reason}`,
      'FEED_MALFORMED',
      parser.line,
      parser.column,
    );
  });
  parser.on('opentagstart', () => {
    tagLine = parser.line;
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (!sawRoot) {
      sawRoot = true;
      if (name !== shape.root) {
        const other = (Object.keys(KIND_NAMES) as FeedRootName[]).find((k) => k === name);
        throw new FeedError(
          other
            ? `This file is ${KIND_NAMES[other]}, not ${KIND_NAMES[shape.root]}`
            : `This file is not ${KIND_NAMES[shape.root]}: its first element is <${tag.name}>, not <${shape.root}>`,
          'FEED_WRONG_KIND',
          tagLine,
          null,
        );
      }
    }
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[localName(k)] = String(v);
    if (path.length === 0) queue.push({ type: 'root', node: { name, attrs, text: '', children: [], line: tagLine } });
    path.push(name);
    const node: XmlNode = { name, attrs, text: '', children: [], line: tagLine };
    if (capture.length) {
      capture[capture.length - 1].children.push(node);
      capture.push(node);
      grow(name.length + 32 + Object.entries(attrs).reduce((n, [k, v]) => n + k.length + v.length, 0));
      return;
    }
    const below = path.slice(1);
    const at = (p: string[]) => below.length === p.length && p.every((n, i) => n === below[i]);
    captureType = at(['Header']) ? 'header' : at(recordPath) ? 'record' : at([shape.trailer]) ? 'trailer' : null;
    if (captureType) {
      capture = [node];
      recordChars = 0;
    }
  });
  const onText = (text: string) => {
    if (!capture.length) return;
    grow(text.length);
    capture[capture.length - 1].text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    path.pop();
    if (!capture.length) return;
    const node = capture.pop()!;
    if (!capture.length && captureType) {
      queue.push({ type: captureType, node });
      captureType = null;
    }
  });

  // Text that does not start with a tag (a CSV, a spreadsheet) is told at once, not at the end of the file.
  let seenStart = false;
  let linesBefore = 0;
  const write = (text: string) => {
    if (!seenStart) {
      const at = text.search(/[^\s\uFEFF]/);
      if (at === -1) linesBefore += text.split('\n').length - 1;
      else {
        seenStart = true;
        if (text[at] !== '<') {
          const line = linesBefore + text.slice(0, at).split('\n').length;
          const start = text.slice(at, at + 30).split(/\r?\n/)[0];
          throw new FeedError(
            `This file is not XML (it starts with “${start}”): ${KIND_NAMES[shape.root]} starts with <${shape.root}>`,
            'FEED_MALFORMED',
            line,
            null,
          );
        }
      }
    }
    parser.write(text);
  };

  let decoder: TextDecoder | null = null;
  for await (const chunk of source) {
    if (typeof chunk === 'string') write(chunk);
    else {
      decoder ??= new TextDecoder(declaredEncoding(chunk));
      write(decoder.decode(chunk, { stream: true }));
    }
    // The next chunk is read only after these are taken.
    while (queue.length) yield queue.shift()!;
  }
  if (decoder) write(decoder.decode());
  if (!sawRoot) throw new FeedError(`The file is empty: ${KIND_NAMES[shape.root]} starts with <${shape.root}>`, 'FEED_MALFORMED', parser.line, parser.column);
  parser.close();
  while (queue.length) yield queue.shift()!;
}

/** Filled in while the records are read: how many were read, and how many the trailer says there are. */
export interface FeedSummary {
  records: number;
  declaredCount: number | null;
}

/**
 * Splits a feed's events into its header (read before the first record: the root and the header come first, so a
 * file of the wrong kind or malformed at its start fails here, before any record is taken) and the records after.
 */
export async function openRecords<H, R>(
  events: AsyncGenerator<XmlRecordEvent>,
  kind: FeedRootName,
  readHeader: (node: XmlNode, root: XmlNode) => H,
  readRecord: (node: XmlNode, header: H) => R,
  /** The trailer's element that declares the number of records (PIES `ItemCount`, ACES `RecordCount`). */
  countName: string,
): Promise<{ header: H; records: AsyncGenerator<R>; summary: FeedSummary }> {
  let first = await events.next();
  const root = first.done ? null : first.value.node;
  if (!first.done && first.value.type === 'root') first = await events.next();
  if (first.done || first.value.type !== 'header') {
    await events.return(undefined);
    const line = first.done ? null : first.value.node.line;
    throw new FeedError(`The ${kind} file has no <Header> before its first record${line ? ` (line ${line})` : ''}`, 'FEED_NO_HEADER', line, null);
  }
  const header = readHeader(first.value.node, root!);
  const summary: FeedSummary = { records: 0, declaredCount: null };
  async function* records(): AsyncGenerator<R> {
    for await (const event of events) {
      if (event.type === 'record') {
        summary.records++;
        yield readRecord(event.node, header);
      } else if (event.type === 'trailer') {
        const count = childText(event.node, countName);
        summary.declaredCount = count && /^\d+$/.test(count) ? Number(count) : null;
      }
    }
  }
  return { header, records: records(), summary };
}

/**
 * The header's `SubmissionType`: FULL or UPDATE. It decides whether what the feed leaves out is taken away, so a
 * header without it, or with another word, stops the feed rather than guessing.
 */
export function submissionType(header: XmlNode, root: FeedRootName): 'FULL' | 'UPDATE' {
  const value = childText(header, 'SubmissionType')?.toUpperCase() ?? null;
  if (value === 'FULL' || value === 'UPDATE') return value;
  throw new FeedError(
    value
      ? `The ${root} header's SubmissionType is “${value}”: it must be FULL or UPDATE`
      : `The ${root} header has no SubmissionType: it must say FULL or UPDATE`,
    'FEED_BAD_HEADER',
    header.line,
    null,
  );
}

/** A whole number of the text, or null when it is not one. */
export const wholeNumber = (text: string | null) => (text !== null && /^[+-]?\d+$/.test(text) ? Number(text) : null);
