import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RefreshCountdown } from './refresh-countdown';

afterEach(() => vi.useRealTimers());

describe('RefreshCountdown', () => {
  it('counts 180 s down (minutes, then seconds) and refreshes when it reaches 0', () => {
    vi.useFakeTimers();
    const onRefresh = vi.fn();
    render(<RefreshCountdown lastRefresh={Date.now()} onRefresh={onRefresh} />);
    expect(screen.getByText('3m')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(121_000));
    expect(screen.getByText('59s')).toBeInTheDocument();
    expect(onRefresh).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(59_000));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('refreshes at once on click and starts again from the new refresh', async () => {
    const onRefresh = vi.fn();
    const { rerender } = render(<RefreshCountdown lastRefresh={Date.now() - 100_000} onRefresh={onRefresh} />);
    await userEvent.click(screen.getByRole('button', { name: /Actualizar ahora/ }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    rerender(<RefreshCountdown lastRefresh={Date.now()} onRefresh={onRefresh} />);
    expect(screen.getByText('3m')).toBeInTheDocument();
  });
});
