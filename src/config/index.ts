export { loadConfig, parseConfig, ConfigError, CONFIG_FILE, type DsqConfig, type RuleLevel, type RuleSetting } from './config.js';
