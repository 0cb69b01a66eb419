import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enqueueSnackbar } from '../lib/toast';
import { TOASTER_RETRY_MS, ToasterSlot } from './toaster-slot';

const net = vi.hoisted(() => ({ offline: true }));
vi.mock('./toaster', async (importOriginal) => {
  if (net.offline) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

describe('ToasterSlot', () => {
  afterEach(() => vi.useRealTimers());

  it('offline at start: the toaster is fetched again later and shows the toasts that waited', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<ToasterSlot />);
    act(() => void enqueueSnackbar('Sin conexión con el servidor', { variant: 'error' }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.queryByText('Sin conexión con el servidor')).not.toBeInTheDocument();
    net.offline = false;
    await act(() => vi.advanceTimersByTimeAsync(TOASTER_RETRY_MS));
    vi.useRealTimers();
    expect(await screen.findByText('Sin conexión con el servidor')).toBeInTheDocument();
  });
});
