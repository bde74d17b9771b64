import { dirname, resolve } from 'node:path';
import { configForFile, loadConfig, loadConfigFile, type DsqConfig } from '../config/index.js';
import { UsageError, type CommandContext } from './command.js';

/** The flags of the commands that read dsq.config.json: --config FILE, --no-config. */
export const CONFIG_FLAG_OPTIONS = {
  config: { type: 'string' },
  'no-config': { type: 'boolean' },
} as const;

export const CONFIG_FLAG_HELP = `  --config FILE             the settings of FILE alone (no dsq.config.json is searched for)
  --no-config               no config file: the defaults and the flags only`;

/**
 * The settings that apply to each file, as the flags say: the dsq.config.json files found
 * upward from the file's folder and merged (src/config), the one `--config FILE`, or none
 * with `--no-config`; then the file's `overrides`. One read per folder.
 */
export class Configs {
  private readonly byDir = new Map<string, Promise<DsqConfig>>();
  private readonly only: Promise<DsqConfig> | null;

  constructor(values: CommandContext['values'], cwd: string) {
    const file = values.config;
    if (file !== undefined && (typeof file !== 'string' || file === '')) throw new UsageError('--config takes the path of a config file');
    if (typeof file === 'string' && values['no-config'] === true) throw new UsageError('give --config FILE or --no-config, not both');
    this.only = values['no-config'] === true ? Promise.resolve({}) : typeof file === 'string' ? loadConfigFile(resolve(cwd, file)) : null;
    // (Read once, and a failure reported where it is used: never an unhandled rejection meanwhile.)
    this.only?.catch(() => undefined);
  }

  /** The settings of a folder (its config files merged), before `overrides`. */
  forDir(dir: string): Promise<DsqConfig> {
    if (this.only !== null) return this.only;
    let found = this.byDir.get(dir);
    if (!found) {
      found = loadConfig(dir);
      found.catch(() => undefined);
      this.byDir.set(dir, found);
    }
    return found;
  }

  /** The settings of one file: its folder's, with the `overrides` that match it applied. */
  async forFile(path: string, dir: string): Promise<DsqConfig> {
    return configForFile(await this.forDir(dir), path);
  }
}

export const PRINT_CONFIG_OPTION = { 'print-config': { type: 'string' } } as const;
export const PRINT_CONFIG_HELP = `  --print-config FILE       print the settings that apply to FILE (config files merged,
                            overrides applied) as JSON, and do nothing else`;

/**
 * `--print-config FILE`: the settings for FILE as JSON: the config files read (nearest first),
 * then every setting with the `overrides` that match FILE applied (paths absolute).
 */
export async function printConfig(file: string, configs: Configs, cwd: string): Promise<string> {
  const path = resolve(cwd, file);
  const config = await configs.forFile(path, dirname(path));
  const { configPath: _nearest, configPaths, overrides: _applied, ...settings } = config;
  return `${JSON.stringify({ configFiles: configPaths ?? [], ...settings }, null, 2)}\n`;
}
