import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { clickWithTooltip } from '../../../lib/testing/tooltip';
import { FiscalDataDialog } from './fiscal-data-dialog';
import { InvoicePaymentButton } from './invoice-payment-button';

afterEach(() => vi.unstubAllGlobals());

const juan = {
  rfc: 'PEGJ800101AB6',
  razonSocial: 'JUAN PEREZ GOMEZ',
  regimenFiscal: '612',
  codigoPostal: '42000',
  usoCfdi: 'G03',
  email: null,
};

async function choose(dialog: HTMLElement, field: RegExp, option: RegExp) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: field }));
  await userEvent.click(screen.getByRole('option', { name: option }));
}

describe('Datos fiscales', () => {
  it('checks the RFC check digit and offers only the usos the régimen allows, in Spanish', async () => {
    const api = mockFetch({ 'PUT /api/contratos/7/datos-fiscales': { body: juan } });
    const onClose = vi.fn();
    renderWithProviders(<FiscalDataDialog contratoId={7} data={null} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Datos fiscales' });
    await userEvent.type(within(dialog).getByLabelText(/^RFC/), 'PEGJ800101AB7');
    await userEvent.type(within(dialog).getByLabelText(/Nombre o razón social/), 'Juan Pérez Gómez');
    await userEvent.type(within(dialog).getByLabelText(/Código postal fiscal/), '42000');
    await choose(dialog, /Régimen fiscal/, /^605 /);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Uso del CFDI/ }));
    const usos = screen.getAllByRole('option').map((o) => o.textContent);
    expect(usos.some((u) => u?.startsWith('S01'))).toBe(true);
    expect(usos.some((u) => u?.startsWith('G03'))).toBe(false); // a salaried person cannot deduct G03
    await userEvent.click(screen.getByRole('option', { name: /^S01/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar datos fiscales' }));
    expect(await within(dialog).findByText(/dígito verificador/)).toBeInTheDocument();
    expect(api.of('PUT /api/contratos/7/datos-fiscales')).toHaveLength(0);

    const rfc = within(dialog).getByLabelText(/^RFC/);
    await userEvent.clear(rfc);
    await userEvent.type(rfc, 'pegj-800101-ab6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar datos fiscales' }));
    await waitFor(() => expect(api.of('PUT /api/contratos/7/datos-fiscales')).toHaveLength(1));
    expect(api.of('PUT /api/contratos/7/datos-fiscales')[0]!.body).toEqual({
      rfc: 'PEGJ800101AB6',
      razonSocial: 'JUAN PÉREZ GÓMEZ',
      regimenFiscal: '605',
      codigoPostal: '42000',
      usoCfdi: 'S01',
      email: null,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('saving inside the contract form never submits the contract form', async () => {
    mockFetch({ 'PUT /api/contratos/7/datos-fiscales': { body: juan } });
    const outer = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const onClose = vi.fn();
    renderWithProviders(
      <form onSubmit={outer}>
        <FiscalDataDialog contratoId={7} data={juan} onClose={onClose} />
      </form>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Datos fiscales' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar datos fiscales' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(outer).not.toHaveBeenCalled();
  });

  it("'Facturar' asks for the fiscal data when the contract has none, then invoices the payment", async () => {
    signIn(16);
    const api = mockFetch({
      'GET /api/usuarios': { body: [makeUser(16)] },
      'GET /api/contratos/7/datos-fiscales': { body: null },
      'PUT /api/contratos/7/datos-fiscales': { body: juan },
      'POST /api/facturas': {
        status: 201,
        body: {
          id: 3,
          tipo: 'pago',
          idPago: 10,
          idContrato: 7,
          nombre: 'JUAN PEREZ GOMEZ',
          periodo: null,
          serie: 'F',
          folio: 13,
          uuid: 'u',
          fecha: '2026-11-10T17:00:00.000Z',
          total: 348,
          estado: 'valida',
          motivo: null,
          motivoCancelacion: null,
          sustituyeA: null,
          sustituta: null,
        },
      },
    });
    renderWithProviders(<InvoicePaymentButton pagoId={10} contratoId={7} />);
    await clickWithTooltip(() => screen.findByRole('button', { name: 'Facturar pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Datos fiscales' });
    expect(within(dialog).getByText(/captura primero los datos fiscales/)).toBeInTheDocument();
    expect(api.of('POST /api/facturas')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText(/^RFC/), juan.rfc);
    await userEvent.type(within(dialog).getByLabelText(/Nombre o razón social/), juan.razonSocial);
    await userEvent.type(within(dialog).getByLabelText(/Código postal fiscal/), juan.codigoPostal);
    await choose(dialog, /Régimen fiscal/, /^612 /);
    await choose(dialog, /Uso del CFDI/, /^G03/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar datos fiscales' }));
    expect(await screen.findByText('Factura F13 timbrada')).toBeInTheDocument();
    expect(api.of('POST /api/facturas')[0]!.body).toEqual({ idPago: 10 });
  });
});
