import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockReply } from '../../../lib/testing/fetch-mock';
import { makeUser, signIn } from '../../../lib/testing/fixtures';
import { renderWithProviders } from '../../../lib/testing/render';
import { makeTraffic } from '../network-stats-fixtures';
import { RouterBandwidthPanel } from './router-bandwidth-panel';

afterEach(() => vi.unstubAllGlobals());

const history = (router: number, window: string) => ({
  body: {
    router,
    window,
    interval: 'minute',
    points: [
      {
        time: '2026-11-24T09:00:00-06:00',
        rxBitsPerSecond: 1048576,
        txBitsPerSecond: 524288,
        rxMbps: 1,
        txMbps: 0.5,
        pppoeSessions: 3,
      },
      {
        time: '2026-11-24T09:01:00-06:00',
        rxBitsPerSecond: null,
        txBitsPerSecond: null,
        rxMbps: null,
        txMbps: null,
        pppoeSessions: null,
      },
    ],
  },
});

function setup(routes: Record<string, MockReply> = {}) {
  const server = mockFetch({
    'GET /api/usuarios': { body: [makeUser(10)] },
    'GET /api/routercontrol/monitor-traffic': {
      body: [
        makeTraffic(),
        makeTraffic({
          router: 6,
          name: 'RB-Norte',
          status: 'offline',
          rxBitsPerSecond: 2_097_152,
          txBitsPerSecond: 1_048_576,
          dateLastUpdate: '2026-11-24T14:00:00Z',
          lastError: 'El router no respondió en 5 s',
        }),
      ],
    },
    'GET /api/routercontrol/monitor-traffic/4': (c) => history(4, c.query.get('window') ?? '1h'),
    'GET /api/routercontrol/monitor-traffic/6': (c) => history(6, c.query.get('window') ?? '1h'),
    ...routes,
  });
  signIn(10);
  renderWithProviders(<RouterBandwidthPanel />);
  return server;
}

describe('RouterBandwidthPanel', () => {
  it('shows every router in Mbps, the first one’s chart at 1 h, and when an offline router was last seen', async () => {
    const server = setup();
    expect(screen.getByLabelText('Cargando routers')).toBeInTheDocument();
    expect(await screen.findByText('RB-Tizayuca')).toBeInTheDocument();
    expect(screen.getByText('↓ 50 Mbps · ↑ 10 Mbps')).toBeInTheDocument();
    expect(screen.getByText('↓ 2 Mbps · ↑ 1 Mbps')).toBeInTheDocument();
    expect(screen.getByText('Sin respuesta')).toBeInTheDocument();
    expect(
      screen.getByText(/Visto por última vez el 24\/11\/2026 .* El router no respondió en 5 s/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '1 h' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(server.of('GET /api/routercontrol/monitor-traffic/4')).toHaveLength(1));
    expect(server.of('GET /api/routercontrol/monitor-traffic/4')[0]!.query.get('window')).toBe('1h');
    expect(screen.getByText('Tráfico de RB-Tizayuca (Mbps)')).toBeInTheDocument();
  });

  it('a window and a router are chosen: 24 h of RB-Norte is asked', async () => {
    const server = setup();
    await screen.findByText('RB-Norte');
    for (const w of ['5 min', '1 h', '24 h', '7 días'])
      expect(screen.getByRole('button', { name: w })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '24 h' }));
    await userEvent.click(screen.getByText('RB-Norte'));
    expect(await screen.findByText('Tráfico de RB-Norte (Mbps)')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.of('GET /api/routercontrol/monitor-traffic/6').map((c) => c.query.get('window'))).toEqual(['24h']),
    );
  });

  it('a router never read shows no numbers, not 0 Mbps', async () => {
    setup({
      'GET /api/routercontrol/monitor-traffic': {
        body: [makeTraffic({ status: 'unknown', rxBitsPerSecond: 0, txBitsPerSecond: 0, dateLastUpdate: null })],
      },
    });
    expect(await screen.findByText('Sin lecturas')).toBeInTheDocument();
    expect(screen.getByText('Nunca se ha leído')).toBeInTheDocument();
    expect(screen.queryByText(/0 Mbps/)).not.toBeInTheDocument();
  });

  it('no routers: empty state', async () => {
    setup({ 'GET /api/routercontrol/monitor-traffic': { body: [] } });
    expect(await screen.findByText('No hay routers registrados')).toBeInTheDocument();
  });

  it('a failed read shows the error with Reintentar', async () => {
    setup({
      'GET /api/routercontrol/monitor-traffic': { status: 500, body: { error: 'internal', message: 'Falla interna' } },
    });
    expect(await screen.findByText('Falla interna')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
  });
});
