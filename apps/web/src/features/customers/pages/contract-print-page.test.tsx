import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../app/testing/render-app';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { company } from '../../company/testing/company-fixtures';
import { makeContract } from '../customer-fixtures';

vi.mock('socket.io-client', async () => (await import('../../../lib/testing/fake-socket')).socketIoMock);
// Waits for the page (debounce, requests, lazy modules) allow for a loaded machine.
// The router loads the page lazily; loading its module (and the Data Grid) once up front keeps the
// first test from spending its time on the import.
beforeAll(async () => {
  await import('./contract-print-page');
});

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('contract print view', () => {
  it('prints company, customer, plan, costs and the clauses of the spec, without navigation', async () => {
    mockFetch({
      'GET /api/usuarios': { body: [makeUser(16)] },
      'GET /api/contratos/7': {
        body: makeContract({
          tipo: 2,
          tipoNombre: 'Oficina hasta 6 Mbps',
          monto: 500,
          costoInstalacion: 1500,
          facturar: true,
        }),
      },
      'GET /api/empresa': { body: company },
    });
    signIn(16);
    renderApp('/print/contract/7');
    const doc = await screen.findByRole('article');
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    for (const text of [
      'AirLink Telecomunicaciones S.A. de C.V.',
      'RFC: ATE200101AB1',
      'Tel. 779 796 1234, 771 555 0000',
      'Ana López',
      'Hidalgo 12, Centro, Tizayuca, Hidalgo, C.P. 43800',
      '7711234567',
      'ana@example.com',
      '260012AnaLopezHidalgo12Centro',
      'Oficina hasta 6 Mbps',
      '$500.00 MXN más 16% de IVA',
      '$1,500.00 MXN (pago único)',
      '15 de enero de 2026',
      'a más tardar el día 15 de cada mes',
      'hasta 48 horas',
      'seis (6) meses',
      '3 días hábiles',
      'cargo de reconexión de $30.00',
      'comodato',
      'Protección de datos personales',
      'EL SUSCRIPTOR',
    ]) {
      expect(doc).toHaveTextContent(text);
    }
  });

  it('a contract that does not exist is a Spanish message', async () => {
    mockFetch({
      'GET /api/usuarios': { body: [makeUser(16)] },
      'GET /api/contratos/404': { status: 404, body: { error: 'not_found', message: 'Contrato no encontrado' } },
      'GET /api/empresa': { body: company },
    });
    signIn(16);
    renderApp('/print/contract/404');
    expect(await screen.findByText('No encontramos el contrato 404.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
  });

  it('level 10 cannot open it', async () => {
    mockFetch({ 'GET /api/usuarios': { body: [makeUser(10)] } });
    signIn(10);
    renderApp('/print/contract/7');
    expect(await screen.findByText('Sin acceso')).toBeInTheDocument();
  });
});
