/** Messages of the administrator's lists: page sizes, sorting, bulk actions and exports. */
export const ADMIN_LIST_MSG = {
  pageSizeInvalid: 'Rows per page must be 6, 25, 50 or 100',
  sortInvalid: 'This list cannot be sorted by that column',
  directionInvalid: 'Sort direction must be asc or desc',
  idsRequired: 'Choose at least one row',
  idInvalid: 'Not found',
  tooManyIds: 'Choose at most 100 rows at a time',
  actionInvalid: 'Action must be block or unblock',
  exportFailed: 'The export could not be downloaded. Please try again.',
} as const;

/** '3 products blocked', '1 user unblocked', '0 users blocked'. */
export function bulkBlockMessage(changed: number, [singular, plural]: readonly [string, string], blocked: boolean) {
  return `${changed} ${changed === 1 ? singular : plural} ${blocked ? 'blocked' : 'unblocked'}`;
}
