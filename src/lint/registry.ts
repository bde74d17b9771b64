import { aliasAsColumn } from './rules/alias-as-column.js';
import { datetimeWithoutOffset } from './rules/datetime-without-offset.js';
import { duplicateAlias } from './rules/duplicate-alias.js';
import { emptyInList } from './rules/empty-in-list.js';
import { emptyString } from './rules/empty-string.js';
import { functionArity } from './rules/function-arity.js';
import { havingWithoutGroup } from './rules/having-without-group.js';
import { invalidLimit } from './rules/invalid-limit.js';
import { invalidRegexp } from './rules/invalid-regexp.js';
import { likeWithoutWildcard } from './rules/like-without-wildcard.js';
import { misplacedAggregate } from './rules/misplaced-aggregate.js';
import { nullComparison } from './rules/null-comparison.js';
import { paramTypeMismatch } from './rules/param-type-mismatch.js';
import { quotedText } from './rules/quoted-text.js';
import { reversedBetween } from './rules/reversed-between.js';
import { suppressionComment } from './rules/suppression-comment.js';
import { syntaxError } from './rules/syntax-error.js';
import { typeMismatch } from './rules/type-mismatch.js';
import { ungroupedColumn } from './rules/ungrouped-column.js';
import { unknownAlias } from './rules/unknown-alias.js';
import { unknownDatabase } from './rules/unknown-database.js';
import { unknownField } from './rules/unknown-field.js';
import { unknownFunction } from './rules/unknown-function.js';
import { unknownTable } from './rules/unknown-table.js';
import { insertMissingKey } from './rules/insert-missing-key.js';
import { writeWithoutWhere } from './rules/write-without-where.js';
import { permanentWrite } from './rules/permanent-write.js';
import { fetchWithoutLimit } from './rules/fetch-without-limit.js';
import { fieldSetTwice } from './rules/field-set-twice.js';
import { trashWithoutFeature } from './rules/trash-without-feature.js';
import { ifConditionColumns } from './rules/if-condition-columns.js';
import { taskIgnore } from './rules/task-ignore.js';
import { alterFieldsSchema } from './rules/alter-fields-schema.js';
import { alterFieldsSlow } from './rules/alter-fields-slow.js';
import { dropWithChildren } from './rules/drop-with-children.js';
import { localRunChoice } from './rules/local-run-choice.js';
import type { Rule } from './rule-api.js';

/** Every lint rule, in the order `dsq lint --list-rules` shows them. A new rule: one file in rules/, one line here, one page in docs/rules/. */
export const RULES: readonly Rule[] = [
  syntaxError,
  unknownFunction,
  functionArity,
  misplacedAggregate,
  ungroupedColumn,
  havingWithoutGroup,
  nullComparison,
  quotedText,
  emptyString,
  unknownAlias,
  duplicateAlias,
  aliasAsColumn,
  invalidLimit,
  emptyInList,
  reversedBetween,
  likeWithoutWildcard,
  invalidRegexp,
  datetimeWithoutOffset,
  typeMismatch,
  paramTypeMismatch,
  unknownDatabase,
  unknownTable,
  unknownField,
  writeWithoutWhere,
  insertMissingKey,
  fieldSetTwice,
  trashWithoutFeature,
  permanentWrite,
  alterFieldsSchema,
  alterFieldsSlow,
  dropWithChildren,
  fetchWithoutLimit,
  ifConditionColumns,
  taskIgnore,
  localRunChoice,
  suppressionComment,
];

export function findRule(id: string): Rule | undefined {
  return RULES.find((r) => r.meta.id === id);
}
