import { join } from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DsqError } from '../../src/diagnostic/index.js';
import { allDatabases, emitTypes, readSchema, typeNameProblem, type Schema } from '../../src/schema/index.js';
import { arbCollidingIdentifier, arbHostileText, PROTOTYPE_NAMES } from '../fixtures/hostile-names.js';
import { moduleChecker, ROOT, runModule, topLevelStatements } from '../helpers/typescript.js';
import { runs } from '../helpers/runs.js';

/**
 * Issue 31: `dsq types` writes database, group, field and label names, type names, defaults and
 * the source's name as data. For hostile names the module type-checks under strict, declares
 * exactly the expected statements, its types have exactly the names of the schema as members
 * (TypeScript's parser reads them back), and its values (`SchemaFields`, `SchemaFieldLabels`)
 * are plain objects whose own keys are those names, `__proto__` included (never a prototype set).
 */

const check = moduleChecker(join(ROOT, 'test', 'schema', 'types-probe.ts'));

const arbName = fc.oneof(arbHostileText, fc.constantFrom(...PROTOTYPE_NAMES));
const arbField = fc.record({
  name: arbName,
  label: fc.option(arbName, { nil: undefined }),
  def: fc.option(arbHostileText, { nil: undefined }),
  type: fc.constantFrom('utf8text', 'int(8)', 'datetime', 'date', 'blob'),
});
const arbDatabase = fc.record({
  name: arbName,
  label: fc.option(arbName, { nil: undefined }),
  fields: fc.uniqueArray(arbField, { minLength: 1, maxLength: 3, selector: (f) => f.name }),
  databases: fc.uniqueArray(fc.record({ name: arbName, fields: fc.uniqueArray(arbField, { minLength: 1, maxLength: 2, selector: (f) => f.name }) }), {
    maxLength: 1,
    selector: (d) => d.name,
  }),
});
const arbSchema = fc.record({
  groups: fc.uniqueArray(fc.record({ name: arbName, databases: fc.uniqueArray(arbDatabase, { minLength: 1, maxLength: 2, selector: (d) => d.name }) }), {
    minLength: 1,
    maxLength: 2,
    selector: (g) => g.name,
  }),
});

/** The members of a type alias's object type, or of a const's object literal, by name (cooked), in order. */
function members(text: string, declared: string): Map<string, ts.Node> {
  const file = ts.createSourceFile('m.ts', text, ts.ScriptTarget.ES2022, true);
  const out = new Map<string, ts.Node>();
  for (const s of file.statements) {
    let list: readonly (ts.TypeElement | ts.ObjectLiteralElementLike)[] = [];
    if (ts.isTypeAliasDeclaration(s) && s.name.text === declared && ts.isTypeLiteralNode(s.type)) list = s.type.members;
    if (ts.isVariableStatement(s)) {
      const d = s.declarationList.declarations[0] as ts.VariableDeclaration;
      const init = d.initializer && ts.isAsExpression(d.initializer) ? d.initializer.expression : d.initializer;
      if (d.name.getText(file) === declared && init && ts.isObjectLiteralExpression(init)) list = init.properties;
    }
    for (const m of list) {
      const n = m.name;
      const name =
        n === undefined
          ? '?'
          : ts.isComputedPropertyName(n) && ts.isStringLiteral(n.expression)
            ? n.expression.text
            : ts.isIdentifier(n) || ts.isStringLiteral(n)
              ? n.text
              : '?';
      out.set(name, m);
    }
  }
  return out;
}

describe('dsq types: hostile names stay data', () => {
  it('the module type-checks under strict, declares only the expected statements, and keys exactly the schema names', { timeout: 300_000 }, () => {
    fc.assert(
      fc.property(arbSchema, fc.oneof(fc.constant('Schema'), arbCollidingIdentifier, arbHostileText), arbHostileText, (value, typeName, source) => {
        let schema: Schema;
        try {
          schema = readSchema(JSON.stringify(value));
        } catch {
          fc.pre(false);
          return;
        }
        let text: string;
        try {
          text = emitTypes(schema, { typeName, source });
        } catch (err) {
          // Refused: a type name TypeScript cannot declare, or two databases the types cannot tell apart.
          expect(err).toBeInstanceOf(DsqError);
          const codes = (err as DsqError).diagnostics.map((d) => d.code);
          if (typeNameProblem(typeName) !== null) expect(codes).toEqual(['schema/type-name']);
          else expect(codes.every((c) => c === 'schema/ambiguous-path')).toBe(true);
          return;
        }
        expect(typeNameProblem(typeName)).toBeNull();
        expect(check(text)).toEqual([]);
        const kinds = ['DateTime', 'LocalDate'].filter((k) => new RegExp(`^export type ${k} = `, 'm').test(text));
        expect(topLevelStatements(text)).toEqual([
          ...kinds.map((k) => `TypeAliasDeclaration ${k}`),
          `TypeAliasDeclaration ${typeName}`,
          `TypeAliasDeclaration ${typeName}Labels`,
          `TypeAliasDeclaration ${typeName}Defaults`,
          `TypeAliasDeclaration ${typeName}Features`,
          `TypeAliasDeclaration ${typeName}Keys`,
          `VariableStatement ${typeName}Fields`,
          `VariableStatement ${typeName}FieldLabels`,
          `VariableStatement ${typeName}KeyFields`,
        ]);

        // Every database under its key (its path, or group path when the path is in several groups) with its fields.
        const entries = allDatabases(schema);
        const paths = entries.map((e) => e.path);
        const keyOf = (e: (typeof entries)[number]) => (paths.filter((p) => p === e.path).length > 1 ? [...e.groups, e.path].join('.') : e.path);
        const types = members(text, typeName);
        const labelTypes = members(text, `${typeName}Labels`);
        const values = runModule(text, {});
        const fields = values[`${typeName}Fields`] as Record<string, unknown>;
        const labels = values[`${typeName}FieldLabels`] as Record<string, unknown>;
        const keyFields = values[`${typeName}KeyFields`] as Record<string, unknown>;
        expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
        expect(Object.getPrototypeOf(labels)).toBe(Object.prototype);
        expect(Object.getPrototypeOf(keyFields)).toBe(Object.prototype);
        for (const e of entries) {
          const key = keyOf(e);
          const names = e.database.fields.map((f) => f.name);
          // Key fields: the databases that have some, under their key.
          const keys = e.database.fields.filter((f) => f.key).map((f) => f.name);
          expect(Object.hasOwn(keyFields, key) ? keyFields[key] : []).toEqual(keys);
          const type = types.get(key);
          expect(
            type && ts.isPropertySignature(type) && type.type && ts.isTypeLiteralNode(type.type)
              ? [...members(`type T = ${type.type.getText()}`, 'T').keys()]
              : null,
          ).toEqual(names);
          expect(Object.hasOwn(fields, key)).toBe(true);
          expect(fields[key]).toEqual(names);
          // Labels: each label that differs from its field's name and is no other field's.
          const relabelled = e.database.fields.filter((f) => f.label !== f.name);
          const own = relabelled.filter((f) => relabelled.filter((g) => g.label === f.label).length === 1);
          if (own.length === 0) continue;
          expect(labelTypes.has(key)).toBe(true);
          const map = labels[key] as Record<string, unknown>;
          expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
          expect(Object.entries(map).sort()).toEqual(own.map((f) => [f.label, f.name]).sort());
        }
        // The type and the value have the same keys (the databases' keys, and the other paths that name one).
        expect([...types.keys()].sort()).toEqual(Object.keys(fields).sort());
      }),
      { numRuns: runs(60) },
    );
  });

  it('a database or label named __proto__ is a key, never the prototype', () => {
    const schema = readSchema(
      JSON.stringify([
        {
          name: '__proto__',
          fields: [
            { name: 'constructor', label: '__proto__', type: 'utf8text' },
            { name: 'toString', type: 'int(4)' },
          ],
        },
      ]),
    );
    const text = emitTypes(schema);
    expect(text).toContain('  ["__proto__"]: ["constructor", "toString"],');
    expect(text).toContain('  ["__proto__"]: { ["__proto__"]: "constructor" },');
    expect(check(text)).toEqual([]);
    const values = runModule(text, {});
    const SchemaFields = values['SchemaFields'] as Record<string, unknown>;
    const SchemaFieldLabels = values['SchemaFieldLabels'] as Record<string, object>;
    expect(Object.getOwnPropertyNames(SchemaFields)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(SchemaFields)).toBe(Object.prototype);
    // biome-ignore lint/suspicious/noProto: the hostile name is a field named __proto__, read as an own property
    expect(Object.getOwnPropertyNames(SchemaFieldLabels['__proto__'] as object)).toEqual(['__proto__']);
  });

  it('a name holding a line break or U+2028 stays in its comment and literal', () => {
    const schema = readSchema(
      JSON.stringify([
        {
          name: 'a\nexport const pwned = 1;\u2028//',
          label: '*/ export const b = 2; /*',
          fields: [{ name: 'f\u2028g', label: 'x\r\ny', type: 'utf8text', def: '*/ `${1}`' }],
        },
      ]),
    );
    const text = emitTypes(schema, { source: 's\nexport const pwned = 1;//.json' });
    expect(text.split('\n')[0]).toBe('// Generated by `dsq types` from s\\nexport const pwned = 1;//.json. Do not edit.');
    expect(text).toContain('"a\\nexport const pwned = 1;\\u2028//": {');
    expect(topLevelStatements(text)).toEqual([
      'TypeAliasDeclaration Schema',
      'TypeAliasDeclaration SchemaLabels',
      'TypeAliasDeclaration SchemaDefaults',
      'TypeAliasDeclaration SchemaFeatures',
      'TypeAliasDeclaration SchemaKeys',
      'VariableStatement SchemaFields',
      'VariableStatement SchemaFieldLabels',
      'VariableStatement SchemaKeyFields',
    ]);
    expect(check(text)).toEqual([]);
  });

  it('two databases with one path are an error naming both; a label of two fields is in no label map, and said so', () => {
    const clash = readSchema(
      JSON.stringify({
        groups: [
          {
            name: 'g',
            databases: [
              { name: 'a.b', fields: [{ name: 'x', type: 'int' }] },
              { name: 'a', fields: [{ name: 'x', type: 'int' }], databases: [{ name: 'b', fields: [{ name: 'z', type: 'int' }] }] },
            ],
          },
        ],
      }),
    );
    expect(() => emitTypes(clash)).toThrow(
      '2 databases have the path "g.a.b": "a.b" in group "g", "b" (child of "a") in group "g"; the types cannot tell them apart',
    );
    const shared = readSchema(
      JSON.stringify([
        {
          name: 't',
          fields: [
            { name: 'x', label: 'L', type: 'int' },
            { name: 'y', label: 'L', type: 'int' },
            { name: 'z', label: 'M', type: 'int' },
          ],
        },
      ]),
    );
    const text = emitTypes(shared);
    expect(text).toContain('  /** labels of more than one field, not in SchemaLabels: "L" */\n  t: {');
    expect(text).toContain('  t: { M: "z" };');
    expect(check(text)).toEqual([]);
  });

  it('--name is checked by the same rule as emitTypes: reserved words, built-in types and the datetime kinds are refused', () => {
    for (const bad of ['class', 'string', 'DateTime', 'a b', '1x', '']) expect(typeNameProblem(bad)).not.toBeNull();
    for (const good of ['Schema', 'Db', 'constructor', '_x', '$']) expect(typeNameProblem(good)).toBeNull();
    expect(() => emitTypes(readSchema('[{"name": "t", "fields": [{"name": "a", "type": "int"}]}]'), { typeName: 'string' })).toThrow(
      /the type name must be a TypeScript identifier/,
    );
  });
});
