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

/** A level the app uses, with its name and what it opens (Usuarios' table and its level dialog). */
export interface LevelName {
  level: number;
  name: string;
  /** What this level opens, in a few words. */
  access: string;
}

/**
 * THE names of the levels the app uses (docs/access.md "Levels"); the other levels 1..20 are valid but unnamed.
 * Usuarios' table and its dialogs read only this table, and no name contradicts the spec's users-list label
 * (userLevelLabel: 'Administrador' from level 6, 'Usuario' below): level 10 is 'Consulta', never 'Usuario'.
 */
export const LEVEL_NAMES: readonly LevelName[] = [
  { level: LEVEL.support, name: 'Soporte', access: 'Clientes, Soporte y Agenda' },
  { level: LEVEL.user, name: 'Consulta', access: 'además Dashboard, Dispositivos y reportes de cobranza' },
  { level: LEVEL.cashier, name: 'Cajero', access: 'además pagos, alta y edición de clientes, Gastos y cuentas' },
  { level: LEVEL.supervisor, name: 'Supervisor', access: 'además cortar, reconectar y cancelar contratos' },
  { level: LEVEL.authorizer, name: 'Autorizador', access: 'además autorizar contratos' },
  { level: LEVEL.admin, name: 'Administrador', access: 'acceso completo, incluida la administración' },
];

/** Every level the server accepts, 1 to 20. */
export const ALL_LEVELS: readonly number[] = Array.from({ length: 20 }, (_, i) => i + 1);

export function levelName(level: number): LevelName | undefined {
  return LEVEL_NAMES.find((l) => l.level === level);
}

/** The highest named level at or below `level`: what a level in between can do. */
export function effectiveLevelName(level: number): LevelName | undefined {
  return [...LEVEL_NAMES].reverse().find((l) => l.level <= level);
}

/** '16 · Cajero', or '12' for an unnamed level. */
export function levelText(level: number): string {
  const named = levelName(level);
  return named ? `${level} · ${named.name}` : String(level);
}
