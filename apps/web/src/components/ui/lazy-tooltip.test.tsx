import { IconButton, ThemeProvider, Tooltip } from '@mui/material';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { clickWithTooltip } from '../../lib/testing/tooltip';
import { LazyTooltip } from './lazy-tooltip';
import { theme } from './theme';

const renderIn = (ui: ReactNode) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

/** A row's 'Facturar pago' button inside a LazyTooltip; answers its click handler. */
function renderFacturar() {
  const onClick = vi.fn();
  renderIn(
    <LazyTooltip title="Facturar">
      <IconButton aria-label="Facturar pago" onClick={onClick}>
        F
      </IconButton>
    </LazyTooltip>,
  );
  return onClick;
}

describe('LazyTooltip', () => {
  it('draws only its child until the pointer or the focus reaches it, named as a Tooltip names it', () => {
    renderIn(
      <>
        <LazyTooltip title="Facturar">
          <span data-testid="lazy">x</span>
        </LazyTooltip>
        <Tooltip title="Facturar">
          <span data-testid="mui">x</span>
        </Tooltip>
        <LazyTooltip title="Ver recibo">
          <a href="/r" aria-label="Recibo 12">
            No. 12
          </a>
        </LazyTooltip>
      </>,
    );
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    // A string title names a child without a name of its own, as MUI's Tooltip does; a child's own name stays.
    expect(screen.getByTestId('lazy')).toHaveAttribute('aria-label', 'Facturar');
    expect(screen.getByTestId('mui')).toHaveAttribute('aria-label', 'Facturar');
    expect(screen.getByRole('link', { name: 'Recibo 12' })).toBeInTheDocument();
  });

  it('opens on the first hover (handed to the real Tooltip) and closes when the pointer leaves', async () => {
    const onMouseOver = vi.fn();
    const onClick = vi.fn();
    renderIn(
      <LazyTooltip title="Enviar por WhatsApp">
        <IconButton aria-label="Enviar recibo por WhatsApp" onMouseOver={onMouseOver} onClick={onClick}>
          W
        </IconButton>
      </LazyTooltip>,
    );
    await userEvent.hover(screen.getByRole('button', { name: 'Enviar recibo por WhatsApp' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Enviar por WhatsApp');
    // The child's own handlers still run: its mouseover for the pointer's arrival, its click afterwards.
    expect(onMouseOver).toHaveBeenCalled();
    const button = screen.getByRole('button', { name: 'Enviar recibo por WhatsApp' });
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    await userEvent.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('lets a click made as the pointer arrives reach the control', async () => {
    const onClick = renderFacturar();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Facturar pago' });
    await user.click(button);
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('is not drawn anew under a held button: it takes over once the button is released', () => {
    vi.useFakeTimers();
    try {
      const onClick = renderFacturar();
      const button = screen.getByRole('button', { name: 'Facturar pago' });
      act(() => {
        fireEvent.mouseOver(button);
        fireEvent.pointerDown(button);
      });
      act(() => vi.advanceTimersByTime(1_000));
      expect(screen.getByRole('button', { name: 'Facturar pago' })).toBe(button);
      act(() => {
        fireEvent.pointerUp(button);
        fireEvent.click(button);
      });
      expect(onClick).toHaveBeenCalledTimes(1);
      act(() => vi.advanceTimersByTime(150));
      act(() => vi.advanceTimersByTime(1_000));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Facturar');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the keyboard focus on the control when the Tooltip takes over', async () => {
    renderIn(
      <>
        <button type="button">Antes</button>
        <LazyTooltip title="Facturar">
          <IconButton aria-label="Facturar pago">F</IconButton>
        </LazyTooltip>
      </>,
    );
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Facturar pago' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Antes' })).toHaveFocus();
  });

  it('stays closed when the pointer left before the Tooltip took over, and opens on the next hover', () => {
    vi.useFakeTimers();
    try {
      renderIn(
        <LazyTooltip title="Ver recibo">
          <a href="/r">No. 3</a>
        </LazyTooltip>,
      );
      // In and out before React draws the Tooltip: nothing is handed over.
      act(() => {
        const link = screen.getByRole('link', { name: 'Ver recibo' });
        fireEvent.mouseOver(link);
        fireEvent.mouseLeave(link);
      });
      act(() => vi.advanceTimersByTime(1_000));
      expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
      act(() => {
        fireEvent.mouseOver(screen.getByRole('link', { name: 'Ver recibo' }));
      });
      // Resting: the Tooltip is drawn, then opens after its own delay.
      act(() => vi.advanceTimersByTime(150));
      act(() => vi.advanceTimersByTime(1_000));
      expect(screen.getByRole('tooltip')).toHaveTextContent('Ver recibo');
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws the control anew once the pointer has rested on it: a test presses it through clickWithTooltip', async () => {
    const onClick = renderFacturar();
    const before = screen.getByRole('button', { name: 'Facturar pago' });
    await userEvent.hover(before);
    await screen.findByRole('tooltip');
    // What a click held from before the rest would press (on a busy machine the rest ends inside userEvent's click).
    expect(before.isConnected).toBe(false);
    await clickWithTooltip(() => screen.getByRole('button', { name: 'Facturar pago' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
