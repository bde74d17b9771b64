/** A range of source text: offsets are 0-based UTF-16 indexes (end exclusive), lines and columns 1-based. */
export interface Span {
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** Line starts of a text, for turning offsets into line:column. Build once per text. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
  }

  /** 1-based line and column of an offset. */
  position(offset: number): { line: number; column: number } {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (starts[lo] ?? 0) + 1 };
  }

  span(start: number, end: number): Span {
    const a = this.position(start);
    const b = this.position(end);
    return { start, end, line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
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
