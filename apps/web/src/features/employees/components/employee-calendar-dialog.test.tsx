import { isMexicanFederalHoliday, monthStart, addDays, weekday, type Employee } from '@airlink/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessDate } from '../../../lib/business-time';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { EmployeeCalendarDialog } from './employee-calendar-dialog';

afterEach(() => vi.unstubAllGlobals());

const employee: Employee = {
  id: 7,
  nombre: 'Laura',
  apellido: 'Pérez',
  email: 'laura@airlink.mx',
  telefono: '7711234567',
  puesto: 'Técnico',
  departamento: 'Soporte',
  fechaIngreso: '2024-01-15',
  salario: 9000,
  diasVacaciones: 12,
  diasUsados: 0,
  diasDisponibles: 12,
  faltas: 0,
  estado: 'activo',
  direccion: 'Pachuca',
  emergenciaContacto: 'Ana',
  emergenciaTelefono: '7717654321',
};

/** A weekday of the shown month that is not a federal holiday (so only Administración makes it one). */
function plainWeekdayOfThisMonth(): string {
  for (let d = addDays(monthStart(businessDate(new Date())), 1); ; d = addDays(d, 1)) {
    if (weekday(d) >= 1 && weekday(d) <= 5 && !isMexicanFederalHoliday(d)) return d;
  }
}

describe('EmployeeCalendarDialog', () => {
  it("marks Administración's own holidays, with their name, next to the federal ones", async () => {
    const own = plainWeekdayOfThisMonth();
    mockFetch({
      'GET /api/empleados/7/asistencias': { body: [] },
      'GET /api/empleados/7/vacaciones': { body: [] },
      'GET /api/configuracion': {
        body: {
          festivos: [{ fecha: own, nombre: 'Aniversario de AirLink' }],
          diasHabiles: [1, 2, 3, 4, 5],
          listaSuspension: 'morosos',
        },
      },
    });
    renderWithProviders(<EmployeeCalendarDialog employee={employee} onClose={() => {}} />);
    const grid = await screen.findByRole('grid');
    const cell = await within(grid).findByRole('gridcell', {
      name: `${Number(own.slice(8))}, día festivo: Aniversario de AirLink`,
    });
    expect(cell).toHaveAttribute('title', 'Aniversario de AirLink');
    expect(within(cell).getByText('Festivo')).toBeInTheDocument();
  });
});
