/** TanStack Query keys of the sign-in area. */
export const authKeys = {
  all: ['auth'] as const,
  /** The demo sign-in list (GET /api/auth/dev-users). */
  devUsers: () => [...authKeys.all, 'dev-users'] as const,
};
