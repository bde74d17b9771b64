/**
 * `npm run config-schema`: writes dsq.config.schema.json, the JSON Schema of dsq.config.json,
 * from the config reader's own table of settings (src/config/settings.ts) and the lint rules.
 * test/config/schema.test.ts checks that the file is what this writes.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configSchemaText } from '../src/cli/config-schema-text.js';

const target = fileURLToPath(new URL('../dsq.config.schema.json', import.meta.url));
writeFileSync(target, configSchemaText());
console.log(`wrote ${target}`);
