import { addDays, businessDate } from '@airlink/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts, categories, makeExpense } from '../testing/expense-fixtures';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { ExpenseForm } from './expense-form';

afterEach(() => vi.unstubAllGlobals());

function server(post: MockReply = ({ body }) => ({ status: 201, body: makeExpense(41, body as object) })) {
  return mockFetch({
    'GET /api/MovimientoFinancieroCategoria': { body: categories },
    'GET /api/cuentas': { body: accounts },
    'POST /api/MovimientoFinancieroGasto': post,
  });
}

const form = () => screen.getByRole('form', { name: 'Registrar gasto' });
const amount = () => within(form()).getByRole('textbox', { name: /Monto/ });
const description = () => within(form()).getByRole('textbox', { name: /Descripción/ });

async function choose(label: RegExp, option: string) {
  await userEvent.click(within(form()).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillValid() {
  await userEvent.clear(amount());
  await userEvent.type(amount(), '1,250.50');
  await userEvent.type(description(), 'Recibo de luz Aurrera');
  await choose(/Categoría/, 'Luz');
  await choose(/Cuenta/, 'Banamex Crispin');
}

const submit = () => userEvent.click(within(form()).getByRole('button', { name: 'Agregar gasto' }));

describe('ExpenseForm', () => {
  it('starts with $100, scheduled 30 days from today (business date) and pending', async () => {
    server();
    renderWithProviders(<ExpenseForm />);
    expect(await screen.findByRole('form', { name: 'Registrar gasto' })).toBeInTheDocument();
    expect(amount()).toHaveValue('100.00');
    const today = businessDate(new Date());
    expect(within(form()).getByLabelText('Fecha programada de pago')).toHaveValue(addDays(today, 30));
    expect(within(form()).getByLabelText('Fecha de pago')).toHaveValue('');
    expect(within(form()).getByRole('combobox', { name: /Estado/ })).toHaveTextContent('Pendiente');
  });

  it('shows Spanish messages and sends nothing while required fields are missing', async () => {
    const api = server();
    renderWithProviders(<ExpenseForm />);
    await screen.findByRole('form', { name: 'Registrar gasto' });
    await userEvent.clear(amount());
    await userEvent.type(amount(), '0');
    await submit();
    expect(await within(form()).findByText('El monto debe ser mayor a 0')).toBeInTheDocument();
    expect(within(form()).getByText('La descripción es obligatoria')).toBeInTheDocument();
    expect(within(form()).getByText('Elige una categoría')).toBeInTheDocument();
    expect(within(form()).getByText('Elige una cuenta')).toBeInTheDocument();
    expect(api.of('POST /api/MovimientoFinancieroGasto')).toHaveLength(0);
  });

  it('offers only offices and banks as accounts (adjustments are not money)', async () => {
    server();
    renderWithProviders(<ExpenseForm />);
    await screen.findByRole('form', { name: 'Registrar gasto' });
    await waitFor(() =>
      expect(within(form()).getByRole('combobox', { name: /Cuenta/ })).not.toHaveAttribute('aria-disabled'),
    );
    await userEvent.click(within(form()).getByRole('combobox', { name: /Cuenta/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Oficina Aurrera', 'Oficina Pachuca', 'Banamex Crispin']);
  });

  it('sends the amount as a decimal and the ids as integers, toasts and starts over', async () => {
    const api = server();
    renderWithProviders(<ExpenseForm />);
    await screen.findByRole('form', { name: 'Registrar gasto' });
    await fillValid();
    await submit();

    await waitFor(() => expect(api.of('POST /api/MovimientoFinancieroGasto')).toHaveLength(1));
    const body = api.of('POST /api/MovimientoFinancieroGasto')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      monto: 1250.5,
      descripcion: 'Recibo de luz Aurrera',
      idGasto: 2,
      idCuenta: 2,
      estadoPago: 'Pendiente',
      fechaPagoProgramada: addDays(businessDate(new Date()), 30),
      esGasto: true,
    });
    expect(typeof body.monto).toBe('number');
    expect(Number.isInteger(body.idGasto) && Number.isInteger(body.idCuenta)).toBe(true);
    expect(body.fechaRealizacion ?? null).toBeNull();

    expect(await screen.findByText('Gasto agregado correctamente')).toBeInTheDocument();
    await waitFor(() => expect(description()).toHaveValue(''));
    expect(amount()).toHaveValue('100.00');
  });

  it('a payment date marks the expense as paid', async () => {
    const api = server();
    renderWithProviders(<ExpenseForm />);
    await screen.findByRole('form', { name: 'Registrar gasto' });
    await fillValid();
    const today = businessDate(new Date());
    await userEvent.type(within(form()).getByLabelText('Fecha de pago'), today);
    expect(within(form()).getByRole('combobox', { name: /Estado/ })).toHaveTextContent('Pagado');
    await submit();
    await waitFor(() => expect(api.of('POST /api/MovimientoFinancieroGasto')).toHaveLength(1));
    expect(api.of('POST /api/MovimientoFinancieroGasto')[0]!.body).toMatchObject({
      fechaRealizacion: today,
      estadoPago: 'Pagado',
    });
  });

  it('puts the server field errors under their fields and keeps what was typed', async () => {
    server({
      status: 400,
      body: {
        error: 'validation',
        message: 'No se pudo guardar el gasto: la cuenta está desactivada.',
        details: { IdCuenta: ['La cuenta no existe o está desactivada; elige una de la lista'] },
      },
    });
    renderWithProviders(<ExpenseForm />);
    await screen.findByRole('form', { name: 'Registrar gasto' });
    await fillValid();
    await submit();
    expect(
      await within(form()).findByText('La cuenta no existe o está desactivada; elige una de la lista'),
    ).toBeInTheDocument();
    expect(description()).toHaveValue('Recibo de luz Aurrera');
    expect(amount()).toHaveValue('1,250.50');
    expect(screen.queryByText('Gasto agregado correctamente')).not.toBeInTheDocument();
  });

  it("toasts 'Error al guardar el gasto' when the answer has no id, and keeps the values", async () => {
    server({ status: 201, body: { ok: true } });
    renderWithProviders(<ExpenseForm />);
    await screen.findByRole('form', { name: 'Registrar gasto' });
    await fillValid();
    await submit();
    expect(await screen.findByText('Error al guardar el gasto')).toBeInTheDocument();
    expect(description()).toHaveValue('Recibo de luz Aurrera');
    expect(screen.queryByText('Gasto agregado correctamente')).not.toBeInTheDocument();
  });

  it("toasts 'Error al guardar el gasto' on a server failure and 'Error de conexión' without a connection", async () => {
    let reply: MockReply = { status: 500, body: { error: 'internal', message: 'Error interno del servidor.' } };
    server(() => reply as { status: number; body: unknown });
    renderWithProviders(<ExpenseForm />);
    await screen.findByRole('form', { name: 'Registrar gasto' });
    await fillValid();
    await submit();
    expect(await screen.findByText('Error al guardar el gasto')).toBeInTheDocument();
    expect(within(form()).getByText('Error interno del servidor.')).toBeInTheDocument();

    reply = { network: true };
    await submit();
    expect(await screen.findByText('Error de conexión')).toBeInTheDocument();
    expect(description()).toHaveValue('Recibo de luz Aurrera');
  });
});
