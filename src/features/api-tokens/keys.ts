/**
 * The API tokens' query keys, apart from the calls: src/table-queries.ts refreshes them after a change
 * without loading the feature's code.
 */
export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  lists: () => [...apiTokenKeys.all, 'list'] as const,
}
