import { ConfigError } from '../config/index.js';
import { readFileBytes } from '../config/read-file.js';
import type { DsqError, Diagnostic } from '../diagnostic/diagnostic.js';
import type { Span } from '../diagnostic/span.js';
import { decodeUtf8 } from '../diagnostic/utf8.js';
import { readSpecJson } from '../json/read-text.js';
import type { JsonValue } from '../json/value.js';

/**
 * The linter's problems with a config's rules (an unknown rule, bad options), each placed at
 * its rule in the config file that names it (in "rules", or in an entry of "overrides"): the
 * name for an unknown rule, else the setting; with its JSON pointer.
 */
export function placedRuleProblems(err: DsqError, paths: readonly string[]): Promise<ConfigError> {
  return placedProblems(paths, err.diagnostics, (d, root) => {
    const quoted = /"((?:[^"\\]|\\.)*)"/.exec(d.message);
    if (!quoted) return [];
    const rule = JSON.parse(`"${quoted[1]}"`) as string;
    const overrides = root?.type === 'object' ? root.members.find((m) => m.rawKey === 'overrides')?.value : undefined;
    const inOverrides = overrides?.type === 'array' ? overrides.items.map((_, i) => ['overrides', String(i), 'rules', rule]) : [];
    return [['rules', rule], ...inOverrides];
  });
}

/**
 * Problems found with what config files say, placed in the first file (nearest first) that
 * holds the value: `places` gives the paths of member names (or array indexes) that may lead
 * to the value each problem is about; an unknown rule is placed at its name, anything else at
 * the value; each with its JSON pointer. Unplaced, the problems go to the nearest file.
 */
export async function placedProblems(
  paths: readonly string[],
  problems: readonly Diagnostic[],
  places: (d: Diagnostic, root: JsonValue | null) => readonly (readonly string[])[],
): Promise<ConfigError> {
  const files: { path: string; source?: string; root: JsonValue | null }[] = [];
  for (const path of paths) {
    try {
      let source = decodeUtf8(await readFileBytes(path));
      if (source.charCodeAt(0) === 0xfeff) source = source.slice(1);
      files.push({ path, source, root: readSpecJson(source) });
    } catch {
      // (The file was read a moment ago; should it fail now, the problems go without a place.)
      files.push({ path, root: null });
    }
  }
  const find = (root: JsonValue | null, keys: readonly string[]): { value: JsonValue; keySpan: Span | null } | undefined => {
    let at: { value: JsonValue; keySpan: Span | null } | undefined;
    for (const key of keys) {
      const parent: JsonValue | null = at === undefined ? root : at.value;
      if (parent?.type === 'object') at = parent.members.find((m) => m.rawKey === key);
      else if (parent?.type === 'array' && /^\d+$/.test(key)) {
        const item = parent.items[Number(key)];
        at = item === undefined ? undefined : { value: item, keySpan: null };
      } else at = undefined;
      if (at === undefined) return undefined;
    }
    return at;
  };
  for (const file of files) {
    let placedAny = false;
    const diagnostics = problems.map((d): Diagnostic => {
      for (const keys of places(d, file.root)) {
        const at = find(file.root, keys);
        if (at === undefined) continue;
        placedAny = true;
        const span = d.code === 'lint/unknown-rule' ? (at.keySpan ?? at.value.span) : at.value.span;
        return { ...d, code: 'config/invalid', pointer: at.value.pointer, ...(span ? { span } : {}) };
      }
      return { ...d, code: 'config/invalid' };
    });
    if (placedAny) return new ConfigError(diagnostics, file.source, file.path);
  }
  const nearest = files[0] as (typeof files)[number];
  return new ConfigError(
    problems.map((d) => ({ ...d, code: 'config/invalid' })),
    nearest.source,
    nearest.path,
  );
}
