import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index.js';
import { DsqError } from '../../src/diagnostic/index.js';
import { lint } from '../../src/lint/lint.js';
import { compile, prepareQuery } from '../../src/params/index.js';
import { arbText } from '../fixtures/arbitraries.js';
import { arbCollidingIdentifier, PROTOTYPE_NAMES } from '../fixtures/hostile-names.js';
import { runCli } from '../helpers/cli.js';
import { runs } from '../helpers/runs.js';
import { asAction } from '../helpers/select-action.js';

/**
 * Issue 31: a parameter named like a member of every object (`:__proto__`, `:constructor`,
 * `:toString`) binds on every path, as any other name does: `--param`, `--params-file`, the API's
 * `compile` and `prepareQuery` (what `dsq gen` modules call); a value never comes from
 * Object.prototype (a name without a value is an error), and a rule option so named is no option.
 */

const dir = mkdtempSync(join(tmpdir(), 'dsq-proto-'));
const SCHEMA = join(dir, 'schema.json');
writeFileSync(
  SCHEMA,
  JSON.stringify([
    {
      name: 't',
      fields: [
        { name: 'a', type: 'utf8text' },
        { name: 'n', type: 'int(8)' },
      ],
    },
  ]),
);
const query = (name: string) => `SELECT a FROM t WHERE a = :${name} AND n > 0`;
/** What the text compiles to with a plain name: the reference. */
const expected = (value: string) => compile(query('plain'), { params: { plain: value } });
let files = 0;

const arbName = fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), arbCollidingIdentifier);

describe('parameters named like Object.prototype members', () => {
  it('bind through compile, prepareQuery, --param and --params-file as any name does', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(arbName, arbText, async (name, value) => {
        const want = expected(value);
        // (Object.fromEntries and JSON.parse define own members, __proto__ included.)
        const params = Object.fromEntries([[name, value]]);
        expect(compile(query(name), { params })).toBe(want);
        expect(compile(query(name), { params: JSON.parse(JSON.stringify(params)) as Record<string, unknown> })).toBe(want);
        expect(prepareQuery(query(name), Object.fromEntries([[name, ['string', false] as const]]))(params).text).toBe(asAction(want));

        const q = join(dir, `q${++files}.dsq`);
        writeFileSync(q, query(name));
        const flag = await runCli(['compile', q, '--schema', SCHEMA, '--indent', '0', '--param', `${name}=${value}`]);
        expect(flag).toEqual({ code: 0, out: `${want}\n`, err: '' });
        const p = join(dir, `p${files}.json`);
        writeFileSync(p, JSON.stringify(params));
        const fromFile = await runCli(['compile', q, '--schema', SCHEMA, '--indent', '0', '--params-file', p]);
        expect(fromFile).toEqual({ code: 0, out: `${want}\n`, err: '' });
      }),
      { numRuns: runs(80) },
    );
  });

  it.each(PROTOTYPE_NAMES)(':%s without a value is an error on every path, never a member of Object.prototype', async (name) => {
    expect(() => compile(query(name), { params: {} })).toThrow(`parameter has no value: :${name}`);
    expect(() => prepareQuery(query(name), Object.fromEntries([[name, ['string', false] as const]]))({})).toThrow(`parameter has no value: :${name}`);
    const q = join(dir, `q${++files}.dsq`);
    writeFileSync(q, query(name));
    const r = await runCli(['compile', q, '--schema', SCHEMA]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`parameter has no value: :${name}`);
  });

  it.each(PROTOTYPE_NAMES)('a rule option named %s is no option of the rule (dsq.config.json and the API)', (name) => {
    const config = parseConfig(JSON.stringify({ rules: { 'unknown-function': ['error', { [name]: ['LOWER'] }] } }), 'dsq.config.json');
    const options = (config.rules?.['unknown-function'] as [string, object] | undefined)?.[1] as object;
    expect(Object.keys(options)).toEqual([name]);
    let error: unknown;
    try {
      lint('SELECT a FROM t', { rules: config.rules as never });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DsqError);
    expect((error as DsqError).diagnostics.map((d) => d.message)).toEqual([`Rule "unknown-function" has no option "${name}" (options: allow).`]);
    expect(() => lint('SELECT a FROM t', { rules: { 'unknown-function': ['error', Object.fromEntries([[name, 1]])] } as never })).toThrow(
      `has no option "${name}"`,
    );
  });
});
