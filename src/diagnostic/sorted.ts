/** Binary searches over ascending numbers (offsets): O(log n) lookups in the tables of spans. */

/** The first index whose value is at least `value` (values ascending; the first `length` of them). */
export function lowerBound(values: readonly number[], value: number, length = values.length): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index whose value is greater than `value` (values ascending; the first `length` of them). */
export function upperBound(values: readonly number[], value: number, length = values.length): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
