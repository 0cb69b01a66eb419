import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Toaster from '../app/toaster';
import { closeSnackbar, enqueueSnackbar } from './toast';

describe('toasts before notistack has arrived', () => {
  it('a toast asked for before the toaster mounted shows when it does; one closed meanwhile never shows', async () => {
    enqueueSnackbar('Pago registrado', { variant: 'success' });
    const key = enqueueSnackbar('No se pudo guardar', { variant: 'error' });
    closeSnackbar(key);
    const { unmount } = render(<Toaster />);
    expect(await screen.findByText('Pago registrado')).toBeInTheDocument();
    expect(screen.queryByText('No se pudo guardar')).not.toBeInTheDocument();

    act(() => void enqueueSnackbar('Recibo enviado'));
    expect(await screen.findByText('Recibo enviado')).toBeInTheDocument();
    unmount();
  });

  it('gives every toast its own key unless the caller named one', () => {
    const a = enqueueSnackbar('Uno');
    const b = enqueueSnackbar('Dos');
    expect(a).not.toBe(b);
    expect(enqueueSnackbar('Tres', { key: 'mío' })).toBe('mío');
    closeSnackbar();
  });
});
