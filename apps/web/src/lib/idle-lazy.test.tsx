import { render, renderHook, screen } from '@testing-library/react';
import { stubIdle } from './testing/idle';
import { useTheme } from '@mui/material';
import Toaster from '../app/toaster';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../components/ui/theme';
import { idleLazy, LAZY_LOAD_FAILED_MESSAGE, useIdleReached, useOpenedOnce } from './idle-lazy';

function Hello({ name }: { name: string }) {
  return <p>Hola {name}</p>;
}

function PrimaryColour() {
  return <p>Color {useTheme().palette.primary.main}</p>;
}

describe('idleLazy', () => {
  it("draws what it loads with the app's MUI theme (the shell around it has none)", async () => {
    const lazy = idleLazy(() => Promise.resolve(PrimaryColour));
    render(<lazy.Component />);
    expect(await screen.findByText(`Color ${theme.palette.primary.main}`)).toBeInTheDocument();
  });

  it('fetches once, however often it is prefetched and rendered', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const lazy = idleLazy(load);
    lazy.prefetch();
    lazy.prefetch();
    render(<lazy.Component name="Ana" />);
    expect(await screen.findByText('Hola Ana')).toBeInTheDocument();
    render(<lazy.Component name="Luis" />);
    expect(screen.getByText('Hola Luis')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed fetch shows a message instead of the error page, and the next render tries again', async () => {
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Hello);
    const lazy = idleLazy(load);
    const { rerender } = render(
      <>
        <Toaster />
        <lazy.Component name="Ana" />
      </>,
    );
    expect(await screen.findByText(LAZY_LOAD_FAILED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText('Hola Ana')).not.toBeInTheDocument();
    rerender(
      <>
        <Toaster />
        <lazy.Component name="Ana" />
      </>,
    );
    expect(await screen.findByText('Hola Ana')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useOpenedOnce', () => {
  it('is false until the first opening, then stays true when closed again', () => {
    const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), { initialProps: { open: false } });
    expect(result.current).toBe(false);
    rerender({ open: true });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(true);
  });
});

describe('useIdleReached', () => {
  it('is false until the browser is idle, then true', () => {
    const { runIdle } = stubIdle();
    try {
      const { result, unmount } = renderHook(() => useIdleReached());
      expect(result.current).toBe(false);
      runIdle();
      expect(result.current).toBe(true);
      unmount();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
