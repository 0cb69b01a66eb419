import { businessDate, type CashDay } from '@airlink/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { makeServerUser, signIn } from '../../../lib/testing/fixtures';
import { closedDay, makeCloseItem, openDay } from '../testing/cash-fixtures';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { CashCloseTab } from './cash-close-tab';

beforeAll(async () => {
  await import('@mui/x-data-grid');
});
beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  session.end('/login');
});

const today = businessDate(new Date());

/** A server holding the day of each office; POST closes, reabrir reopens. */
function server(level: number, start: Record<number, CashDay> = {}, routes: Record<string, MockReply> = {}) {
  const days = new Map<string, CashDay>();
  const key = (id: number, fecha: string) => `${id}|${fecha}`;
  for (const [id, d] of Object.entries(start)) days.set(key(Number(id), d.fecha), d);
  const dayOf = (id: number, fecha: string) => days.get(key(id, fecha)) ?? openDay(id, fecha);
  signIn(level);
  return mockFetch({
    'GET /api/usuarios': { body: [makeServerUser(level)] },
    'GET /api/cortes-caja/dia': ({ query }) => ({ body: dayOf(Number(query.get('idCuenta')), query.get('fecha')!) }),
    'GET /api/cortes-caja': { body: { items: [makeCloseItem(9)], total: 1 } },
    'POST /api/cortes-caja': ({ body }) => {
      const b = body as { idCuenta: number; fecha: string; contado: number; nota: string };
      const closed = closedDay(dayOf(b.idCuenta, b.fecha), b.contado, { nota: b.nota });
      days.set(key(b.idCuenta, b.fecha), closed);
      return { status: 201, body: closed };
    },
    'POST /api/cortes-caja/31/reabrir': () => {
      const [k, d] = [...days.entries()].find(([, v]) => v.corte?.id === 31)!;
      const reopened: CashDay = {
        ...d,
        cerrado: false,
        corte: { ...d.corte!, reabiertoPor: 'Ana Admin', reabiertoEn: '2026-03-10T03:00:00.000Z' },
      };
      days.set(k, reopened);
      return { body: reopened };
    },
    ...routes,
  });
}

const dayCard = () => screen.getByRole('region', { name: 'Corte del día' });
const counted = () => within(dayCard()).getByRole('textbox', { name: /Efectivo contado/ });
const difference = () => within(dayCard()).getByTestId('cash-difference');

describe('Corte de caja', () => {
  it("shows today's expected cash of Oficina Aurrera and the difference live as the cashier types", async () => {
    const api = server(16);
    renderWithProviders(<CashCloseTab />);
    expect(await screen.findByRole('heading', { name: /Oficina Aurrera/ })).toBeInTheDocument();
    expect(Object.fromEntries(api.of('GET /api/cortes-caja/dia')[0]!.query)).toEqual({ idCuenta: '4', fecha: today });
    expect(within(dayCard()).getByLabelText('Efectivo esperado')).toHaveTextContent('$1,200.00');
    expect(within(dayCard()).getByText('4 pagos en efectivo')).toBeInTheDocument();

    await userEvent.type(counted(), '1150');
    expect(difference()).toHaveTextContent('Faltan $50.00');
    expect(difference()).toHaveAttribute('data-kind', 'falta');
    await userEvent.clear(counted());
    await userEvent.type(counted(), '1200');
    expect(difference()).toHaveTextContent('Cuadra exacto');
    expect(difference()).toHaveAttribute('data-kind', 'cuadra');
    await userEvent.clear(counted());
    await userEvent.type(counted(), '1200.5');
    expect(difference()).toHaveTextContent('Sobran $0.50');
    expect(difference()).toHaveAttribute('data-kind', 'sobra');
  });

  it('switches office: Oficina Pachuca asks for account 3', async () => {
    const api = server(16);
    renderWithProviders(<CashCloseTab />);
    await screen.findByRole('heading', { name: /Oficina Aurrera/ });
    await userEvent.click(screen.getByRole('button', { name: 'Oficina Pachuca' }));
    expect(await screen.findByRole('heading', { name: /Oficina Pachuca/ })).toBeInTheDocument();
    expect(api.of('GET /api/cortes-caja/dia').at(-1)!.query.get('idCuenta')).toBe('3');
  });

  it('asks for the counted cash before closing', async () => {
    const api = server(16);
    renderWithProviders(<CashCloseTab />);
    await screen.findByRole('heading', { name: /Oficina Aurrera/ });
    await userEvent.click(within(dayCard()).getByRole('button', { name: 'Cerrar caja' }));
    expect(await within(dayCard()).findByText('Escribe el efectivo contado')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.of('POST /api/cortes-caja')).toHaveLength(0);
  });

  it('closes the day after confirming and shows the close; level 16 cannot reopen it', async () => {
    const api = server(16);
    renderWithProviders(<CashCloseTab />);
    await screen.findByRole('heading', { name: /Oficina Aurrera/ });
    await userEvent.type(counted(), '1,150.00');
    await userEvent.type(within(dayCard()).getByRole('textbox', { name: 'Nota' }), 'Faltó cambio');
    await userEvent.click(within(dayCard()).getByRole('button', { name: 'Cerrar caja' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar la caja?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar caja' }));

    await waitFor(() => expect(api.of('POST /api/cortes-caja')).toHaveLength(1));
    expect(api.of('POST /api/cortes-caja')[0]!.body).toEqual({
      idCuenta: 4,
      fecha: today,
      contado: 1150,
      nota: 'Faltó cambio',
    });
    expect(await screen.findByText('Corte de Oficina Aurrera registrado')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const details = await within(dayCard()).findByLabelText('Detalle del corte');
    expect(details).toHaveTextContent('Esperado$1,200.00');
    expect(details).toHaveTextContent('Contado$1,150.00');
    expect(details).toHaveTextContent('Faltan $50.00');
    expect(details).toHaveTextContent('Carla Cajera');
    expect(within(dayCard()).getByText('Caja cerrada')).toBeInTheDocument();
    expect(within(dayCard()).queryByRole('textbox', { name: /Efectivo contado/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reabrir corte' })).not.toBeInTheDocument();
  });

  it('level 20 reopens a closed day after confirming, and the form comes back', async () => {
    const api = server(20, { 4: closedDay(openDay(4, today), 1200) });
    renderWithProviders(<CashCloseTab />);
    await within(await screen.findByRole('region', { name: 'Corte del día' })).findByText('Caja cerrada');
    expect(within(dayCard()).getByTestId('cash-difference')).toHaveTextContent('Cuadra exacto');
    await userEvent.click(screen.getByRole('button', { name: 'Reabrir corte' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Reabrir el corte?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reabrir corte' }));
    await waitFor(() => expect(api.of('POST /api/cortes-caja/31/reabrir')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(dayCard()).findByText(/Ana Admin reabrió el corte/)).toBeInTheDocument();
    expect(within(dayCard()).getByRole('textbox', { name: /Efectivo contado/ })).toBeInTheDocument();
    expect(within(dayCard()).getByText('Caja abierta')).toBeInTheDocument();
  });

  it('a day already closed by someone else is shown instead of the form (409)', async () => {
    let closed = false;
    const day = openDay(4, today);
    const api = server(
      16,
      {},
      {
        'GET /api/cortes-caja/dia': () => ({ body: closed ? closedDay(day, 1000) : day }),
        'POST /api/cortes-caja': () => {
          closed = true;
          return {
            status: 409,
            body: { error: 'already_closed', message: 'La caja de Oficina Aurrera ya está cerrada.' },
          };
        },
      },
    );
    renderWithProviders(<CashCloseTab />);
    await screen.findByRole('heading', { name: /Oficina Aurrera/ });
    await userEvent.type(counted(), '1200');
    await userEvent.click(within(dayCard()).getByRole('button', { name: 'Cerrar caja' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cerrar caja' }));
    expect(await screen.findByText('La caja de Oficina Aurrera ya está cerrada.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(dayCard()).findByText('Caja cerrada')).toBeInTheDocument();
    expect(api.of('GET /api/cortes-caja/dia').length).toBeGreaterThan(1);
  });

  it('lists the closes; choosing one shows its office and day', async () => {
    const api = server(16);
    renderWithProviders(<CashCloseTab />);
    const list = await screen.findByRole('grid', { name: 'Cortes de caja' });
    const row = (await within(list).findByText('09/03/2026')).closest('[role="row"]') as HTMLElement;
    expect(row).toHaveTextContent('Oficina Pachuca');
    expect(row).toHaveTextContent('Faltan $50.00');
    expect(row).toHaveTextContent('Cerrado');
    await userEvent.click(row);
    await waitFor(() =>
      expect(Object.fromEntries(api.of('GET /api/cortes-caja/dia').at(-1)!.query)).toEqual({
        idCuenta: '3',
        fecha: '2026-03-09',
      }),
    );
  });
});
