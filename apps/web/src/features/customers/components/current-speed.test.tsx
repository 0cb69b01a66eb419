import { act, screen } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { SPEED_REFRESH_MS } from '../api/get-contract-speed';
import { CurrentSpeed } from './current-speed';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  focusManager.setFocused(undefined);
});

const online = {
  estado: 'en_linea',
  bajadaBps: 2_450_000,
  subidaBps: 512_000,
  limiteBajadaMbps: 3,
  limiteSubidaMbps: 1,
  leidoEn: '2026-11-27T16:00:00Z',
};

describe('CurrentSpeed (the panel\'s "Velocidad actual")', () => {
  it('shows the rate now in readable units, download first, and the limit the router holds', async () => {
    mockFetch({ 'GET /api/contratos/7/velocidad': { body: online } });
    renderWithProviders(<CurrentSpeed contractId={7} />);
    expect(screen.getByText(/Leyendo/)).toBeInTheDocument();
    expect(await screen.findByText('↓ 2.45 Mbps · ↑ 512 kbps')).toBeInTheDocument();
    expect(screen.getByText('Límite 3 / 1 Mbps')).toBeInTheDocument();
  });

  it("says 'Sin sesión' when the customer is not connected", async () => {
    mockFetch({
      'GET /api/contratos/7/velocidad': { body: { ...online, estado: 'sin_sesion', bajadaBps: 0, subidaBps: 0 } },
    });
    renderWithProviders(<CurrentSpeed contractId={7} />);
    expect(await screen.findByText('Sin sesión')).toBeInTheDocument();
    expect(screen.getByText('Límite 3 / 1 Mbps')).toBeInTheDocument();
    expect(screen.queryByText(/↓/)).not.toBeInTheDocument();
  });

  it('says the router holds no limit, and that the speed is not available when the router does not answer', async () => {
    mockFetch({
      'GET /api/contratos/7/velocidad': { body: { ...online, limiteBajadaMbps: null, limiteSubidaMbps: null } },
      'GET /api/contratos/8/velocidad': {
        status: 502,
        body: { error: 'router_unreachable', message: 'El router no respondió.' },
      },
    });
    renderWithProviders(
      <>
        <CurrentSpeed contractId={7} />
        <CurrentSpeed contractId={8} />
      </>,
    );
    expect(await screen.findByText('Sin límite en el router')).toBeInTheDocument();
    expect(await screen.findByText('No disponible')).toHaveAttribute('title', 'El router no respondió.');
  });

  it('asks again every few seconds while the page is visible, and not while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let limit = 3;
    const api = mockFetch({
      'GET /api/contratos/7/velocidad': () => ({ body: { ...online, limiteBajadaMbps: limit } }),
    });
    renderWithProviders(<CurrentSpeed contractId={7} />);
    expect(await screen.findByText('Límite 3 / 1 Mbps')).toBeInTheDocument();

    limit = 6;
    await act(() => vi.advanceTimersByTimeAsync(SPEED_REFRESH_MS));
    expect(await screen.findByText('Límite 6 / 1 Mbps')).toBeInTheDocument();

    act(() => focusManager.setFocused(false));
    const asked = api.of('GET /api/contratos/7/velocidad').length;
    await act(() => vi.advanceTimersByTimeAsync(SPEED_REFRESH_MS * 3));
    expect(api.of('GET /api/contratos/7/velocidad')).toHaveLength(asked);
  });
});
