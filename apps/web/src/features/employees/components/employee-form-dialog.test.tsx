import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { EmployeeFormDialog } from './employee-form-dialog';

afterEach(() => vi.unstubAllGlobals());

async function choose(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('EmployeeFormDialog', () => {
  it('shows every message of the spec before sending anything', async () => {
    const { calls } = mockFetch({});
    renderWithProviders(<EmployeeFormDialog employee={null} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Agregar empleado' });
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'no-es-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    for (const message of [
      'El nombre es obligatorio',
      'El apellido es obligatorio',
      'Email inválido',
      'El teléfono es obligatorio',
      'El departamento es obligatorio',
      'El puesto es obligatorio',
      'La fecha de ingreso es obligatoria',
      'El salario debe ser mayor a 0',
      'La dirección es obligatoria',
      'El contacto de emergencia es obligatorio',
      'El teléfono de emergencia es obligatorio',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });

  it('offers the department’s three positions and clears a position the new department lacks', async () => {
    mockFetch({});
    renderWithProviders(<EmployeeFormDialog employee={null} onClose={() => {}} />);
    expect(screen.getByText('Elige primero el departamento')).toBeInTheDocument();
    await choose(/Departamento/, 'Finanzas');
    await userEvent.click(screen.getByRole('combobox', { name: /Puesto/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Tesorero',
      'Contador',
      'Auxiliar contable',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Contador' }));
    expect(screen.getByRole('combobox', { name: /Puesto/ })).toHaveTextContent('Contador');
    await choose(/Departamento/, 'Ventas');
    expect(screen.getByRole('combobox', { name: /Puesto/ })).not.toHaveTextContent('Contador');
  });

  it('sends the parsed employee and shows a server 409 under the email', async () => {
    const { calls } = mockFetch({
      'POST /api/empleados': {
        status: 409,
        body: {
          error: 'employee_taken',
          message: 'Ya existe un empleado con el email ana@airlink.mx.',
          details: { email: ['Este email ya está registrado'] },
        },
      },
    });
    renderWithProviders(<EmployeeFormDialog employee={null} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Agregar empleado' });
    const type = async (label: RegExp, text: string) => userEvent.type(within(dialog).getByLabelText(label), text);
    await type(/^Nombre/, 'Ana');
    await type(/^Apellido/, 'Ruiz');
    await type(/^Email/, 'Ana@AirLink.mx');
    await type(/^Teléfono \*/, '7711234567');
    await choose(/Departamento/, 'Soporte');
    await choose(/Puesto/, 'Agente de soporte');
    await type(/Fecha de ingreso/, '2025-01-06');
    await type(/Salario/, '9600');
    await type(/Dirección/, 'Calle 1');
    await type(/Contacto de emergencia/, 'Luis');
    await type(/Teléfono de emergencia/, '7717654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('Este email ya está registrado')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({
      email: 'ana@airlink.mx',
      departamento: 'Soporte',
      puesto: 'Agente de soporte',
      salario: 9600,
      diasVacaciones: 12,
      estado: 'activo',
    });
  });
});
