/** Profile levels (idPerfilUsuario) that the spec names. Any positive level is a signed-in user. */
export const LEVEL = {
  signedIn: 0,
  support: 5,
  user: 10,
  cashier: 16,
  supervisor: 17,
  authorizer: 18,
  admin: 20,
} as const;

/** Levels the demo users have, one per access step the spec uses. */
export const DEMO_LEVELS = [5, 10, 16, 17, 18, 20] as const;

/** Users list label: level 6 or above is 'Administrador' (docs/access.md). */
export function userLevelLabel(level: number): 'Administrador' | 'Usuario' {
  return level >= 6 ? 'Administrador' : 'Usuario';
}
