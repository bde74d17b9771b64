import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runs, scaleFrom } from './runs.js';

const TEST = join(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('DSQ_FC_SCALE, the one knob of the property tests', () => {
  it('every fast-check run count in test/ goes through runs() (fc.sample draws are not runs)', () => {
    const fixed: string[] = [];
    for (const file of testFiles(TEST).filter((f) => f !== import.meta.filename)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/numRuns:(?!\s*runs\()/.test(line) && !/fc\.sample\(/.test(line)) fixed.push(`${relative(TEST, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(fixed).toEqual([]);
  });

  it('is a positive multiplier, 1 when unset', () => {
    expect(scaleFrom(undefined)).toBe(1);
    expect(scaleFrom('')).toBe(1);
    expect(scaleFrom('20')).toBe(20);
    expect(scaleFrom('0.1')).toBe(0.1);
    for (const bad of ['0', '-1', 'lots', 'Infinity']) expect(() => scaleFrom(bad)).toThrow(/DSQ_FC_SCALE must be a positive number/);
  });

  it('never asks for fewer than one run', () => {
    expect(runs(1)).toBeGreaterThanOrEqual(1);
    expect(runs(2000)).toBeGreaterThanOrEqual(1);
  });
});
