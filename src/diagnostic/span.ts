/** A range of source text: offsets are 0-based UTF-16 indexes (end exclusive), lines and columns 1-based. */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/**
 * Line starts of a text, for turning offsets into line:column. Build once per text. The line
 * starts are found on the first question (a parse without errors or spans asks none).
 */
export class LineIndex {
  private found: number[] | null = null;

  constructor(readonly text: string) {}

  private get starts(): number[] {
    if (this.found !== null) return this.found;
    const text = this.text;
    const starts = [0];
    if (text.indexOf('\r') === -1) {
      // Only \n breaks lines: the engine's string search finds them many characters at a time
      // (a 10 MB one-line query: a tenth of its parse went to the loop below).
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.found = starts;
      return starts;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.found = starts;
    return starts;
  }

  /**
   * The 0-based line holding the last offset looked up: parsers ask in nearly increasing
   * order, so most lookups are answered from it or the next line without a search.
   */
  private last = 0;

  /** 0-based index of the line holding an offset. */
  private lineOf(offset: number): number {
    const starts = this.starts;
    const last = this.last;
    const here = starts[last] as number;
    if (offset >= here) {
      const next = starts[last + 1];
      if (next === undefined || offset < next) return last;
      const after = starts[last + 2];
      if (after === undefined || offset < after) return (this.last = last + 1);
    }
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return (this.last = lo);
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    const i = this.lineOf(offset);
    return { line: i + 1, column: offset - (this.starts[i] as number) + 1 };
  }

  span(start: number, end: number): Span {
    const a = this.lineOf(start);
    const b = this.lineOf(end);
    const starts = this.starts;
    return { start, end, line: a + 1, column: start - (starts[a] as number) + 1, endLine: b + 1, endColumn: end - (starts[b] as number) + 1 };
  }

  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
    const start = this.starts[line - 1];
    if (start === undefined) return '';
    const next = this.starts[line];
    let end = next === undefined ? this.text.length : next;
    while (end > start && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return this.text.slice(start, end);
  }

  get lineCount(): number {
    return this.starts.length;
  }
}
