import { describe, it } from 'vitest';
import { stmt } from './audit-helpers.js';

/** Spec audit, "Data actions: writes" (each action's properties), "Records" (as written, delimiter-separated) and "Binary objects". */

const same = (text: string) => stmt.accepts(text, text);
const A = (action: string, rest: string) => `{"action":"${action}","database":"db",${rest}}`;

describe('insert | database (required); records (required); on_duplicate (fail or update; fail); fail_no_op (false)', () => {
  it('every property', () => {
    same(A('insert', '"records":[{"a":1}]'));
    same(A('insert', '"records":[{"a":1}],"on_duplicate":"fail","fail_no_op":true'));
    same(A('insert', '"records":[{"a":1}],"on_duplicate":"update","fail_no_op":false'));
  });
  it('on_duplicate is fail or update only', () => {
    for (const v of ['delete', 'trash', 'replace']) stmt.rejects(A('insert', `"records":[],"on_duplicate":"${v}"`), 'json/wrong-type', '/on_duplicate');
  });
  it('database and records are required; no on_remove', () => {
    stmt.rejects('{"action":"insert","records":[]}', 'json/missing-property');
    stmt.rejects(A('insert', '"on_duplicate":"fail"'), 'json/missing-property');
    stmt.rejects(A('insert', '"records":[],"on_remove":"trash"'), 'json/unknown-property', '/on_remove');
  });
});

describe('replace | on_duplicate (update, delete, or trash; update); set | on_duplicate (update, delete, trash); on_remove (delete or trash)', () => {
  it('replace', () => {
    for (const v of ['update', 'delete', 'trash']) same(A('replace', `"records":[{"a":1}],"on_duplicate":"${v}"`));
    stmt.rejects(A('replace', '"records":[],"on_duplicate":"fail"'), 'json/wrong-type', '/on_duplicate');
    stmt.rejects(A('replace', '"records":[],"on_remove":"trash"'), 'json/unknown-property', '/on_remove');
  });
  it('set', () => {
    for (const d of ['update', 'delete', 'trash'])
      for (const r of ['delete', 'trash']) same(A('set', `"records":[{"a":1}],"on_duplicate":"${d}","on_remove":"${r}","fail_no_op":true`));
    stmt.rejects(A('set', '"records":[],"on_remove":"update"'), 'json/wrong-type', '/on_remove');
    stmt.rejects(A('set', '"records":[],"on_duplicate":"fail"'), 'json/wrong-type', '/on_duplicate');
  });
});

describe('update | database; records (records specifier, required); fields (field to literal); expressions (field to expression); file (object id); fail_no_op', () => {
  it('every property', () => {
    same(
      A(
        'update',
        '"records":{"type":"key","key":{"id":1}},"fields":{"a":1,"b":"x","c":null,"d":true},"expressions":{"e":{"$+":[{"$col":"e"},1]}},"file":"obj-1","fail_no_op":true',
      ),
    );
    same(A('update', '"records":5'));
  });
  it('fields are literal values; expressions are expressions; file is an object id string', () => {
    stmt.rejects(A('update', '"records":5,"fields":{"a":{"$col":"b"}}'), 'json/wrong-type', '/fields/a');
    stmt.rejects(A('update', '"records":5,"expressions":{"a":true}'), 'json/wrong-type', '/expressions/a');
    stmt.rejects(A('update', '"records":5,"file":{"type":"text","content":"x"}'), 'json/wrong-type', '/file');
    stmt.rejects(A('update', '"fields":{"a":1}'), 'json/missing-property');
  });
  it('"A field named more than once across fields and expressions makes the action fail" (also by case or white space)', () => {
    stmt.rejects(A('update', '"records":5,"fields":{"a":1},"expressions":{"a":2}'), 'spec/field-twice');
    stmt.rejects(A('update', '"records":5,"fields":{"Price":1},"expressions":{" price ":2}'), 'spec/field-twice');
  });
});

describe('delete, trash, restore, dispose | database (required); records (required); fail_no_op (false)', () => {
  it('every property, and no other', () => {
    for (const a of ['delete', 'trash', 'restore', 'dispose']) {
      same(A(a, '"records":{"type":"where","where":{"$=":[{"$col":"a"},1]}},"fail_no_op":true'));
      same(A(a, '"records":[1,2]'));
      stmt.rejects(A(a, '"fail_no_op":true'), 'json/missing-property');
      stmt.rejects(A(a, '"records":1,"on_duplicate":"fail"'), 'json/unknown-property', '/on_duplicate');
      stmt.rejects(A(a, '"records":1,"fail_no_op":"true"'), 'json/wrong-type', '/fail_no_op');
    }
  });
});

describe('Records: "A record as written is a JSON object": field values, expressions, file, tags', () => {
  const I = (records: string) => A('insert', `"records":${records}`);
  it('<field name or label> | value appropriate to the field type, or null', () => {
    same(I('[{"a":1,"b":"x","c":null,"d":true,"e":false,"f":-2.5}]'));
    stmt.rejects(I('[{"a":[1]}]'), 'json/wrong-type', '/records/0/a');
    stmt.rejects(I('[{"a":{"b":1}}]'), 'json/wrong-type', '/records/0/a');
  });
  it('expressions | object mapping field name/label to an expression', () => {
    same(I('[{"a":1,"expressions":{"b":{"$*":[{"$col":"a"},2]},"c":null}}]'));
    stmt.rejects(I('[{"expressions":[1]}]'), 'json/wrong-type', '/records/0/expressions');
  });
  it('"A field may get a value from either the base object or expressions, not both; otherwise an error occurs"', () => {
    stmt.rejects(I('[{"a":1,"expressions":{"a":2}}]'), 'spec/field-twice', '/records/0/expressions');
    stmt.rejects(I('[{"a":1,"expressions":{"A":2}}]'), 'spec/field-twice', '/records/0/expressions');
    stmt.rejects(I('[{"a":1},{"b":1,"expressions":{"b":2}}]'), 'spec/field-twice', '/records/1/expressions');
  });
  it('tags | array of strings', () => {
    same(I('[{"a":1,"tags":["x","y"]}]'));
    same(I('[{"a":1,"tags":[]}]'));
    stmt.rejects(I('[{"a":1,"tags":"x"}]'), 'json/wrong-type', '/records/0/tags');
    stmt.rejects(I('[{"a":1,"tags":[1]}]'), 'json/wrong-type', '/records/0/tags/0');
  });
  it('"Several records are written as an array of such objects"; one object is not an array', () => {
    same(I('[{"a":1},{"a":2},{}]'));
    stmt.rejects(I('{"a":1}'), 'json/wrong-type', '/records');
  });
});

describe('Records as delimiter-separated data: type (dsv, csv or tsv); file (binary object); delimiter (required for dsv); quote (optional)', () => {
  const I = (records: string) => A('insert', `"records":${records}`);
  it('csv and tsv with their default delimiters; dsv with its own', () => {
    same(I('{"type":"csv","file":"obj-1"}'));
    same(I('{"type":"tsv","file":{"type":"text","content":"a\\tb"}}'));
    same(I('{"type":"dsv","file":"obj-1","delimiter":";","quote":"\'"}'));
    same(I('{"type":"csv","file":{"type":"base64","content":"YSxiCjEsMg=="},"quote":"\\""}'));
  });
  it('dsv without a delimiter, a missing file, another type are errors', () => {
    stmt.rejects(I('{"type":"dsv","file":"obj-1"}'), 'json/missing-property', '/records');
    stmt.rejects(I('{"type":"csv"}'), 'json/missing-property', '/records');
    stmt.rejects(I('{"type":"json","file":"obj-1"}'), 'json/unknown-type', '/records/type');
    stmt.rejects(I('{"type":"csv","file":"obj-1","header":true}'), 'json/unknown-property', '/records/header');
  });
});

describe('Binary objects: uploaded (a string object_id), text ({type: text, content}), base64 ({type: base64, content: RFC 4648 standard base64})', () => {
  const I = (file: string) => A('insert', `"records":[{"a":1,"file":${file}}]`);
  it('the three forms', () => {
    same(I('"obj-7f3a"'));
    same(I('{"type":"text","content":"hello"}'));
    same(I('{"type":"base64","content":"aGVsbG8="}'));
    same(I('{"type":"base64","content":"aGk="}'));
    same(I('{"type":"base64","content":"+/+/"}'));
  });
  it('base64 content that is not standard base64 is an error: another alphabet, no padding, white space, other characters', () => {
    for (const content of ['aGVsbG8', 'aGV-bG8_', 'not base64!', 'aGVs bG8=', 'a===', 'aGVsbG8==']) {
      stmt.rejects(I(`{"type":"base64","content":"${content}"}`), 'spec/base64', '/records/0/file/content');
    }
    stmt.rejects(A('insert', '"records":{"type":"csv","file":{"type":"base64","content":"a,b"}}'), 'spec/base64', '/records/file/content');
  });
  it('other shapes are errors', () => {
    stmt.rejects(I('{"type":"binary","content":"x"}'), 'json/unknown-type', '/records/0/file/type');
    stmt.rejects(I('{"type":"text"}'), 'json/missing-property', '/records/0/file');
    stmt.rejects(I('5'), 'json/wrong-type', '/records/0/file');
  });
});
