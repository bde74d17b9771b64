import type { JsonSchema } from './config-types.js';
import { OVERRIDE_SETTINGS, RULE_SETTING_SCHEMA, SETTINGS, SETTING_NAMES, STRINGS_SCHEMA, type Setting } from './settings.js';

/**
 * The JSON Schema of dsq.config.json (draft-07), from the settings above: exactly their keys.
 * `ruleIds` are the lint rules (src/lint/registry.ts, a layer above this one): each is listed
 * under "rules" for completion, and other ids are refused, as dsq refuses them.
 */
export function configJsonSchema(ruleIds: readonly string[]): JsonSchema {
  const rulesSchema = {
    type: 'object',
    properties: Object.fromEntries(ruleIds.map((id) => [id, { $ref: '#/definitions/ruleSetting' }])),
    additionalProperties: false,
  };
  const property = (name: string): JsonSchema => {
    const s = SETTINGS.get(name) as Setting;
    const schema = name === 'rules' ? rulesSchema : name === 'overrides' ? { type: 'array', items: { $ref: '#/definitions/override' } } : s.schema;
    return { description: s.description, ...schema };
  };
  const globs = { ...STRINGS_SCHEMA, description: 'Globs relative to the config file (one without a / matches the file name in any folder).' };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'dsq.config.json',
    description: 'The settings of dsq (fmt, lint, check, gen, the language server and the Prettier plugin), found in the folder of a file or above it.',
    type: 'object',
    properties: Object.fromEntries(SETTING_NAMES.map((k) => [k, property(k)])),
    additionalProperties: false,
    definitions: {
      ruleSetting: RULE_SETTING_SCHEMA,
      override: {
        type: 'object',
        properties: { files: globs, excludedFiles: globs, ...Object.fromEntries(OVERRIDE_SETTINGS.map((k) => [k, property(k)])) },
        required: ['files'],
        additionalProperties: false,
      },
    },
  };
}
