import { describe, expect, it } from 'vitest';
import { lint } from '../../src/lint/lint.js';

/** The lint rules of issue 29: if-condition-columns (warning) and task-ignore (info), with their places. */

const findings = (text: string, rule: string) =>
  lint(text)
    .diagnostics.filter((d) => d.code === rule)
    .map((d) => `${d.severity} ${d.span?.line}:${d.span?.column} ${d.message}`);

describe('if-condition-columns', () => {
  it('warns of a condition with * or more than one column, at its SELECT', () => {
    expect(findings('IF (SELECT * FROM t) THEN DELETE FROM d RECORDS 1', 'if-condition-columns')).toEqual([
      'warning 1:5 IF checks only the first column of the first row of its query (the spec: "The first column of the first row of each query is checked"); this condition is SELECT *.',
    ]);
    expect(findings('IF (SELECT 1) THEN DELETE FROM d RECORDS 1\nELSE IF (SELECT a, b FROM t) THEN TRASH FROM d RECORDS 1', 'if-condition-columns')).toEqual([
      'warning 2:10 IF checks only the first column of the first row of its query (the spec: "The first column of the first row of each query is checked"); this condition is a SELECT of 2 columns.',
    ]);
  });
  it('is silent for one column', () => {
    expect(findings('IF (SELECT COUNT(*) > 0 FROM t) THEN TRASH FROM d RECORDS 1', 'if-condition-columns')).toEqual([]);
  });
});

describe('task-ignore', () => {
  it('notes a CANCEL or CLEAN of several tasks or of REF n without IGNORE', () => {
    expect(findings('CANCEL TASKS 1, 2', 'task-ignore')).toEqual([
      'info 1:1 CANCEL fails with no changes when any of these tasks has concluded (the spec: "With ignore false and a concluded task among them: error, no changes").',
    ]);
    expect(findings('CLEAN TASKS REF 7', 'task-ignore')).toEqual([
      'info 1:1 CLEAN fails with no changes when any of these tasks has not concluded (the spec: "With ignore false and a non-concluded task: error, no changes").',
    ]);
  });
  it('is silent for one task id, and where IGNORE is given either way', () => {
    expect(findings('CANCEL TASKS 1', 'task-ignore')).toEqual([]);
    expect(findings('CANCEL TASKS REF 7 OPTIONS (IGNORE = FALSE)', 'task-ignore')).toEqual([]);
    expect(findings('CLEAN TASKS 1, 2 OPTIONS (IGNORE = TRUE)', 'task-ignore')).toEqual([]);
  });
});

describe('the other rules on the writes inside IF', () => {
  it('permanent-write and write-without-where see a write in THEN and ELSE', () => {
    const codes = lint('IF (SELECT 1) THEN DELETE FROM d ELSE UPDATE d SET a = 1').diagnostics.map((d) => d.code);
    expect(codes).toContain('permanent-write');
    expect(codes.filter((c) => c === 'write-without-where')).toHaveLength(2);
  });
});
