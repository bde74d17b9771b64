import { AbstractMessageReader, Emitter, ErrorCodes, Message, type DataCallback, type Disposable, type Event } from 'vscode-languageserver/node';

/**
 * The base protocol's frames on a byte stream (`Content-Length: N\r\n`, other header lines, a
 * blank line, N bytes of JSON), read so that no input leaves the server deaf: a frame that
 * cannot be read is reported (a JSON-RPC error response with id null, JSON-RPC 2.0 §5.1) and
 * skipped, and reading goes on at the next header.
 *
 * Recovery rests on one fact: valid JSON never holds `Content-Length: <digits>` followed by a raw
 * CR LF (the name can only stand inside a string, and a string holds no raw CR), so where those
 * bytes appear a frame starts, even inside a body that was promised longer (a wrong or huge
 * length), and a body that ends with the start of them is broken.
 */

/** The largest body taken (bytes): a longer one is refused and its bytes skipped. */
export const MAX_FRAME_BODY = 64 * 1024 * 1024;
/** The largest header block (bytes before its blank line). */
export const MAX_FRAME_HEADER = 8 * 1024;

/** A message the reader could not pass on, as the error response the server sends for it. */
export interface FrameProblem {
  /** JSON-RPC's ParseError, InvalidRequest, or what a `check` gave. */
  readonly code: number;
  readonly message: string;
  /** The request's id when it could be read, else null (JSON-RPC 2.0). */
  readonly id: number | string | null;
}

/**
 * Splits bytes into frame bodies; reports what is not a frame (once for each run of bad bytes
 * between two frames) and resumes at the next header. Linear in the bytes: a header block is
 * looked for within `MAX_FRAME_HEADER` bytes, and each byte is scanned a bounded number of times.
 */
export class FrameSplitter {
  private mode: 'header' | 'body' | 'skip' = 'header';
  /** Unread bytes in 'header' and 'skip' mode. */
  private pending: Buffer = Buffer.alloc(0);
  /** Where the search for the header's end resumes in `pending`. */
  private searched = 0;
  /** The body's length (its Content-Length) and the bytes of it that came, kept as they came (a length is not trusted with memory before its bytes are there). */
  private length = 0;
  private parts: Buffer[] = [];
  private filled = 0;
  /** Whether the bad bytes since the last frame were reported. */
  private reported = false;

  constructor(
    private readonly onBody: (body: Buffer) => void,
    private readonly onProblem: (message: string) => void,
  ) {}

  push(chunk: Buffer): void {
    let data: Buffer | null = chunk;
    while (data !== null && data.length > 0) {
      if (this.mode === 'body') data = this.fill(data);
      else {
        this.pending = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
        data = null;
        this.drain();
      }
    }
  }

  /** Reads headers (and skips) in `pending` until it runs out or a body is wanted; what follows a header goes to the body. */
  private drain(): void {
    while (this.mode !== 'body') {
      if (this.mode === 'skip') {
        const at = indexOfHeaderName(this.pending);
        if (at < 0) {
          this.pending = this.pending.subarray(Math.max(0, this.pending.length - HEADER_NAME.length + 1));
          return;
        }
        this.pending = this.pending.subarray(at);
        this.mode = 'header';
      }
      const window = this.pending.subarray(0, MAX_FRAME_HEADER + BLANK_LINE.length);
      const end = window.indexOf(BLANK_LINE, Math.max(0, this.searched - BLANK_LINE.length + 1));
      if (end < 0) {
        this.searched = window.length;
        if (this.pending.length <= MAX_FRAME_HEADER) return;
        this.resync(MAX_FRAME_HEADER, false, `no blank line ends the header within ${MAX_FRAME_HEADER} bytes`);
        continue;
      }
      const header = readHeader(this.pending.toString('latin1', 0, end));
      if (typeof header === 'string') {
        this.resync(end, true, header);
        continue;
      }
      const rest = this.pending.subarray(end + BLANK_LINE.length);
      this.pending = Buffer.alloc(0);
      this.searched = 0;
      this.mode = 'body';
      this.length = header;
      this.parts = [];
      this.filled = 0;
      // What follows the body is read on (a body wanting more has taken all of it).
      this.pending = header === 0 ? this.complete(rest) : this.fill(rest);
    }
  }

  /**
   * A bad header block `pending[0, end)`: reports it and reads on from the last header name
   * inside it (a frame's header glued to bad bytes before it), else after it (after its blank
   * line when it has one, else skipping to the next header name).
   */
  private resync(end: number, blank: boolean, problem: string): void {
    this.report(problem);
    this.searched = 0;
    const last = lastIndexOfHeaderName(this.pending, 1, end);
    if (last > 0) this.pending = this.pending.subarray(last);
    else if (blank) this.pending = this.pending.subarray(end + BLANK_LINE.length);
    else {
      this.pending = this.pending.subarray(end - HEADER_NAME.length + 1);
      this.mode = 'skip';
    }
  }

  private report(problem: string): void {
    if (!this.reported) this.onProblem(problem);
    this.reported = true;
  }

  /** Takes body bytes from `data`; returns what is left of it. */
  private fill(data: Buffer): Buffer {
    const take = data.subarray(0, Math.min(data.length, this.length - this.filled));
    // The new bytes, with the end of the ones before: a header may be split between two chunks.
    const overlap = tail(this.parts, SCAN_OVERLAP);
    const scanned = overlap.length === 0 ? take : Buffer.concat([overlap, take]);
    const start = this.filled - overlap.length;
    this.parts.push(take);
    this.filled += take.length;
    const at = findHeaderSignature(scanned);
    if (at >= 0)
      return this.broken(
        start + at,
        data.subarray(take.length),
        `a header starts at byte ${start + at} of a body of ${this.length} bytes (its Content-Length is too long, or the body never came)`,
      );
    if (this.filled < this.length) return Buffer.alloc(0);
    return this.complete(data.subarray(take.length));
  }

  /** The body is complete: passes it on, unless it ends with the start of a header. */
  private complete(rest: Buffer): Buffer {
    const body = Buffer.concat(this.parts, this.length);
    const tail = partialHeaderSignature(body);
    if (tail >= 0)
      return this.broken(tail, rest, `a body of ${this.length} bytes ends with the start of a header (its Content-Length is too short or too long)`);
    this.parts = [];
    this.mode = 'header';
    this.reported = false;
    this.onBody(body);
    return rest;
  }

  /** A body broken by a header at byte `at` of it: reports it and reads on from that header. */
  private broken(at: number, rest: Buffer, problem: string): Buffer {
    this.report(problem);
    const again = Buffer.concat([Buffer.concat(this.parts).subarray(at), rest]);
    this.parts = [];
    this.mode = 'header';
    this.searched = 0;
    return again;
  }
}

const BLANK_LINE = Buffer.from('\r\n\r\n', 'latin1');
const HEADER_NAME = 'content-length:';
/** Bytes of the body scanned again when more arrive (a header split between two chunks). */
const SCAN_OVERLAP = 64;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The first `content-length:` (any case), or -1. */
function indexOfHeaderName(bytes: Buffer): number {
  return bytes.toString('latin1').search(/content-length:/i);
}

/** The last `content-length:` (any case) starting in `bytes[from, to)`, or -1. */
function lastIndexOfHeaderName(bytes: Buffer, from: number, to: number): number {
  const text = bytes.toString('latin1', from, Math.min(bytes.length, to + HEADER_NAME.length - 1)).toLowerCase();
  const at = text.lastIndexOf(HEADER_NAME);
  return at < 0 ? -1 : from + at;
}

/** The last `n` bytes (or fewer) of a run of buffers. */
function tail(parts: readonly Buffer[], n: number): Buffer {
  const last: Buffer[] = [];
  let size = 0;
  for (let i = parts.length - 1; i >= 0 && size < n; i--) {
    const part = parts[i] as Buffer;
    const piece = part.subarray(Math.max(0, part.length - (n - size)));
    last.unshift(piece);
    size += piece.length;
  }
  return last.length === 1 ? (last[0] as Buffer) : Buffer.concat(last);
}

/** A full header line `Content-Length: <digits>\r\n` in `bytes`: its offset, or -1. */
function findHeaderSignature(bytes: Buffer): number {
  return bytes.toString('latin1').search(/content-length:[ \t]*\d+\r\n/i);
}

/** Where a body's end holds the start of a `Content-Length: <digits>\r\n` line, or -1. */
function partialHeaderSignature(body: Buffer): number {
  const from = Math.max(0, body.length - SCAN_OVERLAP);
  const m = /c(?:o(?:n(?:t(?:e(?:n(?:t(?:-(?:l(?:e(?:n(?:g(?:t(?:h(?::[ \t]*\d*\r?)?)?)?)?)?)?)?)?)?)?)?)?)?)?$/i.exec(body.toString('latin1', from));
  return m === null ? -1 : from + m.index;
}

/**
 * A header block (without its blank line): the body's length, or what is wrong with it. A
 * `Content-Length:` anywhere but at the start of a line makes it bad: a frame's header glued to
 * bad bytes before it, read again from there.
 */
function readHeader(block: string): number | string {
  let length: number | null = null;
  const lower = block.toLowerCase();
  for (let at = lower.indexOf(HEADER_NAME); at >= 0; at = lower.indexOf(HEADER_NAME, at + 1)) {
    if (at > 0 && !lower.startsWith('\r\n', at - 2))
      return `a header line holds "Content-Length:" after other text (${quote(block.slice(lower.lastIndexOf('\n', at) + 1, at + HEADER_NAME.length))})`;
  }
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) return `a header line has no ":" (${quote(line)})`;
    const name = line.slice(0, colon);
    if (!TOKEN.test(name)) return `a header name is not a name (${quote(name)})`;
    if (name.toLowerCase() !== 'content-length') continue;
    if (length !== null) return 'the header has Content-Length twice';
    const value = line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, '');
    if (!/^\d+$/.test(value)) return `Content-Length must be a whole number of bytes, got ${quote(value)}`;
    const n = Number(value);
    if (n > MAX_FRAME_BODY) return `Content-Length ${value} is over the limit of ${MAX_FRAME_BODY} bytes`;
    length = n;
  }
  return length ?? 'the header has no Content-Length';
}

function quote(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/**
 * A `MessageReader` over a byte stream: the frames as `FrameSplitter` reads them, each body
 * decoded (UTF-8, JSON) and checked to be a JSON-RPC request, notification or response the way
 * the connection tells them apart. What fails is not passed on but reported to `onProblem`;
 * `check` may refuse a message too (the server refuses an `initialize` it cannot work with).
 */
export class FrameReader extends AbstractMessageReader {
  private readonly problems = new Emitter<FrameProblem>();
  private readonly splitter: FrameSplitter;
  private callback: DataCallback | null = null;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly check: (message: Message) => FrameProblem | null = () => null,
  ) {
    super();
    this.splitter = new FrameSplitter(
      (body) => this.message(body),
      (problem) => this.problems.fire({ code: ErrorCodes.ParseError, message: `Parse error: ${problem}`, id: null }),
    );
  }

  /** Messages that were not passed on, with the error response each one gets. */
  get onProblem(): Event<FrameProblem> {
    return this.problems.event;
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const data = (chunk: Buffer | string) => this.splitter.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    const error = (err: Error) => this.fireError(err);
    const close = () => this.fireClose();
    this.input.on('data', data);
    this.input.on('error', error);
    this.input.on('end', close);
    this.input.on('close', close);
    return {
      dispose: () => {
        this.input.removeListener('data', data);
        this.input.removeListener('error', error);
        this.input.removeListener('end', close);
        this.input.removeListener('close', close);
        this.callback = null;
      },
    };
  }

  override dispose(): void {
    super.dispose();
    this.problems.dispose();
  }

  private message(body: Buffer): void {
    let value: unknown;
    try {
      value = JSON.parse(this.decoder.decode(body));
    } catch (err) {
      const why = err instanceof SyntaxError ? err.message : 'the body is not UTF-8';
      this.problems.fire({ code: ErrorCodes.ParseError, message: `Parse error: the body of ${body.length} bytes is not JSON (${why})`, id: null });
      return;
    }
    const problem = invalidRequest(value) ?? this.check(value as Message);
    if (problem) this.problems.fire(problem);
    else this.callback?.(value as Message);
  }
}

/** Why a parsed body is not a message the connection takes (JSON-RPC's Invalid Request), or null. */
function invalidRequest(value: unknown): FrameProblem | null {
  const what =
    value === null ? 'null' : Array.isArray(value) ? 'an array (batches are not part of LSP)' : typeof value !== 'object' ? `a ${typeof value}` : null;
  if (what === null) {
    const m = value as Message;
    if (Message.isRequest(m) || Message.isNotification(m) || Message.isResponse(m)) return null;
    const id = (m as { id?: unknown }).id;
    return {
      code: ErrorCodes.InvalidRequest,
      message: 'Invalid Request: not a request (a "method" and an "id" that is a string or a number), a notification (a "method", no "id") or a response',
      id: typeof id === 'string' || typeof id === 'number' ? id : null,
    };
  }
  return { code: ErrorCodes.InvalidRequest, message: `Invalid Request: a message is a JSON object, got ${what}`, id: null };
}
