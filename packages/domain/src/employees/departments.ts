/**
 * The seven departments (docs/business-rules.md "Employees and vacations"), each with its three positions (the spec does not show the
 * position names; these are ours, and they include every position the demo staff holds).
 */
export const DEPARTMENTS = [
  {
    nombre: 'Operaciones',
    puestos: ['Jefe de operaciones', 'Técnico instalador', 'Técnico de torres'],
  },
  {
    nombre: 'Soporte',
    puestos: ['Coordinador de soporte', 'Agente de soporte', 'Técnico de soporte'],
  },
  {
    nombre: 'Administración',
    puestos: ['Gerente administrativo', 'Auxiliar administrativo', 'Cajero'],
  },
  {
    nombre: 'Ventas',
    puestos: ['Gerente de ventas', 'Ejecutivo de ventas', 'Promotor'],
  },
  {
    nombre: 'Recursos Humanos',
    puestos: ['Jefe de recursos humanos', 'Analista de nómina', 'Reclutador'],
  },
  {
    nombre: 'Finanzas',
    puestos: ['Tesorero', 'Contador', 'Auxiliar contable'],
  },
  {
    nombre: 'Marketing',
    puestos: ['Coordinador de marketing', 'Community manager', 'Diseñador gráfico'],
  },
] as const;

export const DEPARTMENT_NAMES: readonly string[] = DEPARTMENTS.map((d) => d.nombre);

/** The positions of a department (none for a name that is not one of the seven). */
export function positionsOf(departamento: string | null | undefined): readonly string[] {
  return DEPARTMENTS.find((d) => d.nombre === departamento)?.puestos ?? [];
}

export function isPositionOf(departamento: string | null | undefined, puesto: string | null | undefined): boolean {
  return Boolean(puesto) && positionsOf(departamento).includes(puesto!);
}

/** The position after the department changed: kept when the new department has it, else cleared (''). */
export function keepPosition(departamento: string | null | undefined, puesto: string | null | undefined): string {
  return isPositionOf(departamento, puesto) ? puesto! : '';
}
