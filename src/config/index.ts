export {
  loadConfig, loadConfigFile, loadConfigResult, parseConfig, parseConfigResult, mergeConfigs, configForFile, type ConfigResult, ConfigError, CONFIG_FILE,
  CONFIG_SETTINGS, FUNCTION_CASES, layoutOf, INDENT_RANGE, KEYWORD_CASES, OVERRIDE_SETTINGS, RULE_LEVELS, WIDTH_RANGE, configJsonSchema,
  type ConfigOverride, type DsqConfig, type GenSettings, type IgnorePatterns, type JsonSchema, type LayoutSettings, type OverrideSettings,
  type RuleLevel, type RuleSetting, type RuleSeverity,
} from './config.js';
