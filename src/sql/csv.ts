/**
 * CSV as RFC 4180 writes it (the spec's delimited records are "based on RFC 4180"): fields
 * separated by a delimiter, quoted with `"` (a quote inside doubled), line breaks inside quotes
 * kept, CRLF or LF between records. Each record carries the line it starts on, for messages.
 * A quoted empty field is `""`; an unquoted empty field is empty too: both are NULL (the spec's
 * JSON rule 1, an empty string equals null).
 */
export interface CsvRecord {
  readonly line: number;
  readonly fields: readonly string[];
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export function parseCsv(text: string, delimiter = ',', quote = '"'): CsvRecord[] {
  const out: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  // The next quote at or after i (found once, not per line: a file without quotes is not rescanned).
  let nextQuote = -2;
  while (i < n) {
    const start = line;
    // A line without quotes is split at once (most lines of most files).
    const eol = text.indexOf('\n', i);
    const end = eol < 0 ? n : eol;
    if (nextQuote !== -1 && nextQuote < i) nextQuote = text.indexOf(quote, i);
    if (nextQuote < 0 || nextQuote >= end) {
      const raw = text.slice(i, end > i && text[end - 1] === '\r' ? end - 1 : end);
      i = end + 1;
      line++;
      if (raw !== '') out.push({ line: start, fields: raw.split(delimiter) });
      continue;
    }
    const fields: string[] = [];
    for (;;) {
      let value = '';
      if (text.startsWith(quote, i)) {
        i += quote.length;
        for (;;) {
          if (i >= n) throw new CsvError(`a quoted field that starts on line ${start} has no closing ${quote}`, start);
          const q = text.indexOf(quote, i);
          if (q < 0) throw new CsvError(`a quoted field that starts on line ${start} has no closing ${quote}`, start);
          const chunk = text.slice(i, q);
          for (let k = chunk.indexOf('\n'); k >= 0; k = chunk.indexOf('\n', k + 1)) line++;
          value += chunk;
          i = q + quote.length;
          if (text.startsWith(quote, i)) {
            value += quote;
            i += quote.length;
          } else break;
        }
        if (i < n && !text.startsWith(delimiter, i) && text[i] !== '\n' && text[i] !== '\r') {
          throw new CsvError(`line ${line}: text after a closing ${quote} (a quote inside a quoted field is written twice)`, line);
        }
      } else {
        let j = i;
        while (j < n && text[j] !== '\n' && text[j] !== '\r' && !text.startsWith(delimiter, j)) j++;
        value = text.slice(i, j);
        if (value.includes(quote)) throw new CsvError(`line ${line}: a ${quote} inside an unquoted field (quote the field and write the ${quote} twice)`, line);
        i = j;
      }
      fields.push(value);
      if (i < n && text.startsWith(delimiter, i)) {
        i += delimiter.length;
        continue;
      }
      break;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    line++;
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === '')) out.push({ line: start, fields });
  }
  return out;
}

/** A field as CSV writes it: quoted when it holds the delimiter, a quote, a line break or edge spaces. */
export function csvField(value: string, delimiter = ','): string {
  return /[",\r\n]/.test(value) || value.includes(delimiter) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
