import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeDevice, makeRadioStats, makeTsv, RADIO_MAC } from '../network-stats-fixtures';
import { RadioStatsTab } from './radio-stats-tab';

configure({ asyncUtilTimeout: 10_000 });
afterEach(() => vi.unstubAllGlobals());

const SERIES = `/api/site/2/${encodeURIComponent(RADIO_MAC)}`;
const tsv = (text: string): MockReply => ({ text, headers: { 'Content-Type': 'text/tab-separated-values' } });

function setup(level: number, routes: Record<string, MockReply> = {}, mac = 'aa-bb-cc-00-00-07') {
  const server = mockFetch({
    'GET /api/usuarios': { body: [makeUser(level)] },
    'GET /api/devices': { body: { items: [makeDevice()], total: 1 } },
    'GET /api/site/2/41': { body: makeRadioStats() },
    [`GET ${SERIES}/lanTxBytes/minute/60`]: tsv(makeTsv(60, () => 2 * 1024 ** 3)),
    [`GET ${SERIES}/lanRxBytes/minute/60`]: tsv(makeTsv(60, () => 1024 ** 3)),
    [`GET ${SERIES}/ccq/minute/60`]: tsv(makeTsv(60, () => 90)),
    [`GET ${SERIES}/signal/minute/60`]: tsv(makeTsv(60, (i) => (i === 0 ? null : -62))),
    [`GET ${SERIES}/lanTxBytes/hour/60`]: tsv(makeTsv(60, () => null)),
    [`GET ${SERIES}/lanRxBytes/hour/60`]: tsv(makeTsv(60, () => null)),
    [`GET ${SERIES}/ccq/hour/60`]: tsv(makeTsv(60, () => 80)),
    [`GET ${SERIES}/signal/hour/60`]: tsv(makeTsv(60, () => -70)),
    ...routes,
  });
  signIn(level);
  renderWithProviders(<RadioStatsTab mac={mac} />);
  return server;
}

describe('RadioStatsTab', () => {
  it('finds the radio by the MAC and draws four charts of 60 points with the spec units', async () => {
    const server = setup(10);
    expect(screen.getByLabelText('Cargando radio')).toBeInTheDocument();
    for (const name of ['LAN enviado (GB)', 'LAN recibido (GB)', 'Calidad (CCQ) (%)', 'Señal (dBm)']) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
    expect(server.of('GET /api/devices')[0]!.query.get('q')).toBe(RADIO_MAC);
    // The list's pages are 0-based: the first page holds the match.
    expect(server.of('GET /api/devices')[0]!.query.get('page')).toBe('0');
    // One request per metric, 60 points each, at the minute by default.
    for (const m of ['lanTxBytes', 'lanRxBytes', 'ccq', 'signal']) {
      expect(server.of(`GET ${SERIES}/${m}/minute/60`)).toHaveLength(1);
    }
    expect(screen.getByRole('button', { name: 'Minuto' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('Hora asks the hour series; an interval without data says so', async () => {
    const server = setup(10);
    await screen.findByRole('region', { name: 'Señal (dBm)' });
    await userEvent.click(screen.getByRole('button', { name: 'Hora' }));
    const lan = await screen.findByRole('region', { name: 'LAN enviado (GB)' });
    expect(await within(lan).findByText('Sin lecturas en este periodo')).toBeInTheDocument();
    expect(server.of(`GET ${SERIES}/signal/hour/60`)).toHaveLength(1);
    for (const label of ['Minuto', 'Hora', 'Dia', 'Sem'])
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
  });

  it('a level below 10 is told it cannot see the radios, and nothing is asked', async () => {
    const server = setup(5);
    expect(await screen.findByText('Tu nivel no permite ver las lecturas de los radios.')).toBeInTheDocument();
    expect(server.of('GET /api/devices')).toHaveLength(0);
  });

  it('no registered radio with the MAC: empty state with the reason', async () => {
    setup(10, { 'GET /api/devices': { body: { items: [], total: 0 } } });
    expect(await screen.findByText('Sin estadísticas del equipo')).toBeInTheDocument();
    expect(screen.getByText('No hay un radio registrado con la MAC del contrato.')).toBeInTheDocument();
  });

  it('a contract without MAC has no statistics', async () => {
    setup(10, {}, '');
    expect(
      await screen.findByText('El contrato no tiene la MAC del radio: sin lecturas del equipo.'),
    ).toBeInTheDocument();
  });

  it('a failed series shows its error with Reintentar; a failed radio lookup too', async () => {
    setup(10, {
      [`GET ${SERIES}/ccq/minute/60`]: { status: 500, body: { error: 'internal', message: 'Falla interna' } },
    });
    const ccq = await screen.findByRole('region', { name: 'Calidad (CCQ) (%)' });
    expect(await within(ccq).findByText('Falla interna')).toBeInTheDocument();
    expect(within(ccq).getByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
  });
});
