/**
 * The one knob for how long the property tests hunt: DSQ_FC_SCALE multiplies every fast-check
 * run count in test/ (1 when unset, today's counts). `DSQ_FC_SCALE=20 npx vitest run test/print`
 * for a longer hunt, `DSQ_FC_SCALE=0.1` for a quick pass. Every fast-check run count goes through `runs`
 * (test/helpers/runs.test.ts holds the suite to that).
 */
export const FC_SCALE = scaleFrom(process.env.DSQ_FC_SCALE);

/** `n` runs times DSQ_FC_SCALE, at least one. */
export function runs(n: number): number {
  return Math.max(1, Math.round(n * FC_SCALE));
}

/** The multiplier from the variable's text: a positive finite number, or 1 when unset or empty. */
export function scaleFrom(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return 1;
  const scale = Number(text);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`DSQ_FC_SCALE must be a positive number (a multiplier of the fast-check run counts), got '${text}'`);
  return scale;
}

/**
 * A test's time limit, `ms` on a loaded machine at today's run counts, times DSQ_FC_SCALE when
 * that is above 1 (a longer hunt gets the time it needs). vitest.config.ts sets the default limit
 * with it; a test with many runs sets its own.
 */
export function timeLimit(ms: number): number {
  return Math.round(ms * Math.max(1, FC_SCALE));
}
