export { loadConfig, loadConfigResult, parseConfig, parseConfigResult, type ConfigResult, ConfigError, CONFIG_FILE, type DsqConfig, type RuleLevel, type RuleSetting } from './config.js';
