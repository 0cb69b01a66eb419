import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('shows title and message and confirms or cancels', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDialog open title="¿Eliminar?" message="No se puede deshacer." onConfirm={onConfirm} onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar?' });
    expect(dialog).toHaveAccessibleDescription('No se puede deshacer.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('uses the given texts and paints a destructive action red', () => {
    render(
      <ConfirmDialog
        open
        title="Desactivar"
        message="¿Seguro?"
        confirmText="Desactivar"
        cancelText="Volver"
        destructive
        onConfirm={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Desactivar' })).toHaveClass('MuiButton-colorError');
    expect(screen.getByRole('button', { name: 'Volver' })).toBeInTheDocument();
  });

  it('cannot confirm twice or close while loading', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog open loading title="Cortar" message="¿Seguro?" onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole('button', { name: /Confirmar/ })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('renders nothing when closed', () => {
    render(<ConfirmDialog open={false} title="Oculto" message="x" onConfirm={() => {}} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
