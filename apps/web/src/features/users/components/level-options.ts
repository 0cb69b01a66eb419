import { LEVEL } from '@airlink/domain';

export interface NamedLevel {
  level: number;
  name: string;
  /** What this level opens, in a few words. */
  access: string;
}

/** The levels the app actually uses (docs/access.md); the others are valid but unnamed. */
export const NAMED_LEVELS: readonly NamedLevel[] = [
  { level: LEVEL.support, name: 'Soporte', access: 'Clientes, Soporte y Agenda' },
  { level: LEVEL.user, name: 'Usuario', access: 'además Dashboard, Dispositivos y reportes de cobranza' },
  { level: LEVEL.cashier, name: 'Cajero', access: 'además pagos, alta y edición de clientes, Gastos y cuentas' },
  { level: LEVEL.supervisor, name: 'Supervisor', access: 'además cortar, reconectar y cancelar contratos' },
  { level: LEVEL.authorizer, name: 'Autorizador', access: 'además autorizar contratos' },
  { level: LEVEL.admin, name: 'Administrador', access: 'acceso completo, incluida la administración' },
];

/** Every level the server accepts, 1 to 20. */
export const ALL_LEVELS: readonly number[] = Array.from({ length: 20 }, (_, i) => i + 1);

export function namedLevel(level: number): NamedLevel | undefined {
  return NAMED_LEVELS.find((l) => l.level === level);
}

/** The highest named level at or below `level`: what a level in between can do. */
export function effectiveLevel(level: number): NamedLevel | undefined {
  return [...NAMED_LEVELS].reverse().find((l) => l.level <= level);
}

/** '16 · Cajero' or '12'. */
export function levelText(level: number): string {
  const named = namedLevel(level);
  return named ? `${level} · ${named.name}` : String(level);
}
