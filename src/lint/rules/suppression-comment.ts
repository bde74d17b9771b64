import { didYouMean } from '../../diagnostic/suggest.js';
import { DIRECTIVES, type Directive, type UnknownDirective } from '../suppress.js';
import type { LintDiagnostic, Rule, RuleSeverity } from '../rule-api.js';

export const SUPPRESSION_RULE_ID = 'suppression-comment';

/**
 * Suppression comments that do nothing: a `dsq-disable` / `dsq-disable-next-line` that
 * suppresses no finding, or a directive naming a rule that does not exist. Whether a comment
 * suppressed something is known only after every other rule ran, so the runner calls
 * `checkDirectives` at the end of a file; the rule's visitor is empty. No fix: a comment that
 * suppresses nothing without a schema may suppress a schema finding with one.
 */
export const suppressionComment: Rule = {
  meta: {
    id: SUPPRESSION_RULE_ID,
    severity: 'warning',
    docs: {
      description: 'Reports suppression comments that suppress nothing, name a rule that does not exist, or are no directive dsq knows (dsq-disable-nextline).',
    },
    fixable: false,
  },
  create: () => ({}),
};

export function checkDirectives(
  directives: readonly Directive[],
  used: ReadonlySet<Directive>,
  severity: RuleSeverity,
  known: ReadonlySet<string>,
  /** The rules that ran: a directive naming only rules that did not run cannot be judged. */
  active: ReadonlySet<string>,
  /** Comments starting with a `dsq-` word that is no directive. */
  unknown: readonly UnknownDirective[] = [],
): LintDiagnostic[] {
  const out: LintDiagnostic[] = [];
  const words = DIRECTIVES.map((d) => `dsq-${d}`);
  for (const u of unknown) {
    out.push({
      code: SUPPRESSION_RULE_ID,
      severity,
      span: u.comment.span,
      message: `${u.word} is not a dsq directive, so it suppresses nothing${didYouMean(u.word, words)}; the directives are ${words.join(', ')}.`,
    });
  }
  for (const d of directives) {
    const span = d.comment.span;
    const unknown = [...(d.ids ?? [])].filter((id) => !known.has(id));
    for (const id of unknown) {
      out.push({
        code: SUPPRESSION_RULE_ID,
        severity,
        span,
        message: `dsq-${d.kind} names "${id}", which is not a lint rule${didYouMean(id, known)}.`,
      });
    }
    if (d.kind === 'enable' || used.has(d) || unknown.length > 0) continue;
    if (d.ids && ![...d.ids].some((id) => active.has(id))) continue;
    out.push({
      code: SUPPRESSION_RULE_ID,
      severity,
      span,
      message: `This dsq-${d.kind} comment suppresses nothing${d.ids ? ` (${[...d.ids].join(', ')})` : ''}; remove it.`,
    });
  }
  return out;
}
