import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from './testing/fake-socket';

vi.mock('socket.io-client', async () => (await import('./testing/fake-socket')).socketIoMock);

/** Each test gets fresh modules, so the hub's chunk has not been fetched yet; signed in as user 10. */
async function freshRealtime() {
  vi.resetModules();
  const { signIn } = await import('./testing/fixtures');
  signIn(10, 'tok-1');
  // socket.io-client's mock outlives vi.resetModules(): count the sockets it made from here on.
  const io = vi.mocked((await import('socket.io-client')).io);
  const before = io.mock.results.length;
  const opened = () => io.mock.results.slice(before).map((r) => r.value as FakeSocket);
  return { realtime: await import('./realtime'), opened };
}

describe('push hub client: socket.io loads after the first screen', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.doUnmock('./hub-client');
    vi.useRealTimers();
  });

  it('the first connectHub() opens the connection once the chunk has arrived', async () => {
    const { realtime, opened } = await freshRealtime();
    realtime.connectHub();
    expect(opened()).toHaveLength(0);
    await realtime.loadHubClient();
    await vi.waitFor(() => expect(opened()).toHaveLength(1));
    expect(opened()[0]?.connect).toHaveBeenCalledTimes(1);
    realtime.connectHub();
    expect(opened()).toHaveLength(1);
    realtime.disconnectHub();
  });

  it('a hub closed before the chunk arrived is not opened by its arrival', async () => {
    const { realtime, opened } = await freshRealtime();
    realtime.connectHub();
    realtime.disconnectHub();
    await realtime.loadHubClient();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(opened()).toHaveLength(0);
    expect(realtime.getHubState()).toBe('disconnected');
  });

  it('a chunk that could not be downloaded is fetched again later, then connects', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let offline = true;
    vi.doMock('./hub-client', async () => {
      if (offline) throw new TypeError('Failed to fetch dynamically imported module');
      return vi.importActual('./hub-client');
    });
    const { realtime, opened } = await freshRealtime();
    realtime.connectHub();
    await expect(realtime.loadHubClient()).rejects.toThrow();
    expect(opened()).toHaveLength(0);
    offline = false;
    await vi.advanceTimersByTimeAsync(realtime.HUB_CLIENT_RETRY_MS);
    await realtime.loadHubClient();
    await vi.waitFor(() => expect(opened()).toHaveLength(1));
    realtime.disconnectHub();
  });
});
