/**
 * The action a prepared query sends for compact JSON that `compile` printed: a bare SELECT's
 * select object wrapped in the SELECT action (what `dsq gen`'s functions return), others as they are.
 */
export const asAction = (compiled: string): string => (compiled.startsWith('{"action":') ? compiled : `{"action":"select","select":${compiled}}`);
