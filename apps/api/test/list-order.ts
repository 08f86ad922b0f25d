/**
 * The order an administrator list promises, worked out in JavaScript: the sort column's key, then the id, both in
 * the asked direction (docs/decisions/029-admin-lists.md).
 */
export function sortedIds<Row extends { id: string }>(
  rows: readonly Row[],
  key: (row: Row) => string | number,
  dir: 'asc' | 'desc',
): string[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * sign;
      return (a.id < b.id ? -1 : 1) * sign;
    })
    .map((r) => r.id);
}
