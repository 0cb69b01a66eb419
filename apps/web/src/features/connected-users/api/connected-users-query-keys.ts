/** TanStack Query keys of the connected-users area. */
export const connectedUsersKeys = {
  all: ['connected-users'] as const,
  list: () => [...connectedUsersKeys.all, 'list'] as const,
  stats: () => [...connectedUsersKeys.all, 'stats'] as const,
  testConnection: () => [...connectedUsersKeys.all, 'test-connection'] as const,
};
