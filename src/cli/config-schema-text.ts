import { configJsonSchema } from '../config/index.js';
import { RULES } from '../lint/registry.js';

/**
 * The text of dsq.config.schema.json: the config reader's settings (src/config) with the lint
 * rules' ids under "rules" (the rules live a layer above the config reader, so the two meet
 * here). Written by `npm run config-schema`, checked by test/config/schema.test.ts.
 */
export function configSchemaText(): string {
  return `${JSON.stringify(configJsonSchema(RULES.map((r) => r.meta.id)), null, 2)}\n`;
}
