import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeDevice, makeRadioStats, makeTsv, RADIO_MAC } from '../network-stats-fixtures';
import { markPoint, RadioStatsTab } from './radio-stats-tab';

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
    for (const [name, heading] of [
      ['LAN enviado', 'LAN enviado (GB)'],
      ['LAN recibido', 'LAN recibido (GB)'],
      ['Calidad (CCQ)', 'Calidad (CCQ) (%)'],
      ['Señal', 'Señal (dBm)'],
    ]) {
      const chart = await screen.findByRole('region', { name });
      expect(await within(chart).findByRole('heading', { name: heading })).toBeInTheDocument();
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
    await screen.findByRole('region', { name: 'Señal' });
    await userEvent.click(screen.getByRole('button', { name: 'Hora' }));
    const lan = await screen.findByRole('region', { name: 'LAN enviado' });
    expect(await within(lan).findByText('Sin lecturas en este periodo')).toBeInTheDocument();
    expect(server.of(`GET ${SERIES}/signal/hour/60`)).toHaveLength(1);
    for (const label of ['Minuto', 'Hora', 'Dia', 'Sem'])
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
  });

  it('LAN charts pick the unit that fits their values (B, KB, MB, GB)', async () => {
    setup(10, {
      [`GET ${SERIES}/lanTxBytes/minute/60`]: tsv(makeTsv(60, (i) => 300 * 1024 + i)),
      [`GET ${SERIES}/lanRxBytes/minute/60`]: tsv(makeTsv(60, () => 700)),
    });
    const tx = await screen.findByRole('region', { name: 'LAN enviado' });
    expect(await within(tx).findByRole('heading', { name: 'LAN enviado (KB)' })).toBeInTheDocument();
    const rx = screen.getByRole('region', { name: 'LAN recibido' });
    expect(await within(rx).findByRole('heading', { name: 'LAN recibido (B)' })).toBeInTheDocument();
  });

  it('a series with a single reading still draws it (a mark), never an empty chart', async () => {
    setup(10, {
      [`GET ${SERIES}/ccq/minute/60`]: tsv(makeTsv(60, (i) => (i === 59 ? 88 : null))),
    });
    const ccq = await screen.findByRole('region', { name: 'Calidad (CCQ)' });
    expect(await within(ccq).findByRole('heading', { name: 'Calidad (CCQ) (%)' })).toBeInTheDocument();
    expect(within(ccq).queryByText('Sin lecturas en este periodo')).not.toBeInTheDocument();
  });

  it('marks every reading of a sparse series, and a lone reading between gaps of a full one', () => {
    const lone = Array.from({ length: 60 }, (_, i) => (i === 59 ? 88 : null));
    expect(lone.map((_, i) => markPoint(lone, i, 1)).filter(Boolean)).toHaveLength(1);
    expect(markPoint(lone, 59, 1)).toBe(true);
    // 58 readings: a line, no marks, except the reading at 11 with empty buckets on both sides.
    const alone = Array.from({ length: 60 }, (_, i) => (i === 10 || i === 12 ? null : 90));
    const readings = alone.filter((v) => v !== null).length;
    expect(alone.map((_, i) => markPoint(alone, i, readings)).flatMap((m, i) => (m ? [i] : []))).toEqual([11]);
    expect(markPoint(alone, 10, readings)).toBe(false);
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
    const ccq = await screen.findByRole('region', { name: 'Calidad (CCQ)' });
    expect(await within(ccq).findByText('Falla interna')).toBeInTheDocument();
    expect(within(ccq).getByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
  });
});
