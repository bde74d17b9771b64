/**
 * A JSON Schema (draft-07) validator for the keywords dsq.config.schema.json uses: type
 * (object, array, string, integer, boolean), enum, oneOf, properties, additionalProperties,
 * required, items (one schema or a tuple), minItems, maxItems, minLength, minimum, maximum,
 * and $ref to #/definitions/NAME. A keyword it does not know is an error, so the schema cannot
 * grow past what this checks without the test saying so.
 */
type Schema = Readonly<Record<string, unknown>>;

const KNOWN = new Set([
  '$schema',
  'title',
  'description',
  'definitions',
  '$ref',
  'type',
  'enum',
  'oneOf',
  'properties',
  'additionalProperties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'minimum',
  'maximum',
]);

/** The problems of `value` against `schema` (`root` resolves $ref), as `pointer: what`; none when it is valid. */
export function validate(value: unknown, schema: Schema, root: Schema = schema, at = ''): string[] {
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Error(`the validator does not know the keyword ${key} (at ${at || '/'})`);
  if (typeof schema.$ref === 'string') {
    const name = /^#\/definitions\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name === undefined ? undefined : (root.definitions as Record<string, Schema> | undefined)?.[name];
    if (target === undefined) throw new Error(`unresolved $ref ${schema.$ref}`);
    return validate(value, target, root, at);
  }
  const out: string[] = [];
  const here = at || '/';
  if (schema.type !== undefined && !hasType(value, schema.type as string)) return [`${here}: not ${String(schema.type)}`];
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => e === value)) out.push(`${here}: not one of ${JSON.stringify(schema.enum)}`);
  if (Array.isArray(schema.oneOf)) {
    const passing = schema.oneOf.filter((s) => validate(value, s as Schema, root, at).length === 0).length;
    if (passing !== 1) out.push(`${here}: matches ${passing} of oneOf, not exactly 1`);
  }
  if (typeof value === 'string' && typeof schema.minLength === 'number' && [...value].length < schema.minLength)
    out.push(`${here}: shorter than ${schema.minLength}`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) out.push(`${here}: below ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) out.push(`${here}: above ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) out.push(`${here}: fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) out.push(`${here}: more than ${schema.maxItems} items`);
    if (Array.isArray(schema.items))
      value.forEach((v, i) => i < (schema.items as Schema[]).length && out.push(...validate(v, (schema.items as Schema[])[i] as Schema, root, `${at}/${i}`)));
    else if (schema.items !== undefined) value.forEach((v, i) => out.push(...validate(v, schema.items as Schema, root, `${at}/${i}`)));
  }
  if (isObject(value)) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (schema.required ?? []) as string[]) if (!Object.hasOwn(value, name)) out.push(`${here}: no "${name}"`);
    for (const [k, v] of Object.entries(value)) {
      const pointer = `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (Object.hasOwn(properties, k)) out.push(...validate(v, properties[k] as Schema, root, pointer));
      else if (schema.additionalProperties === false) out.push(`${pointer}: not allowed`);
      else if (isObject(schema.additionalProperties)) out.push(...validate(v, schema.additionalProperties as Schema, root, pointer));
    }
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function hasType(v: unknown, type: string): boolean {
  switch (type) {
    case 'object':
      return isObject(v);
    case 'array':
      return Array.isArray(v);
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    default:
      throw new Error(`the validator does not know the type ${type}`);
  }
}
