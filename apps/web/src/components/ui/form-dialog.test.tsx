import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from '@mui/material';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog';

function renderDialog(props: Partial<Parameters<typeof FormDialog>[0]> = {}) {
  const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
  const onClose = vi.fn();
  render(
    <FormDialog open title="Nuevo registro" onClose={onClose} onSubmit={onSubmit} {...props}>
      <TextField label="Nombre" />
    </FormDialog>,
  );
  return { onSubmit, onClose };
}

describe('FormDialog', () => {
  it('submits with the button and with Enter', async () => {
    const { onSubmit } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Nuevo registro' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByLabelText('Nombre'), 'Ana{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('disables the submit button and ignores Enter while submitting', async () => {
    const { onSubmit, onClose } = renderDialog({ submitting: true, submitText: 'Agregar' });
    const submit = screen.getByRole('button', { name: /Agregar/ });
    expect(submit).toBeDisabled();
    expect(screen.getByLabelText('Guardando')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Nombre'), '{Enter}');
    await userEvent.keyboard('{Escape}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the error as an alert', () => {
    renderDialog({ error: 'El correo ya está registrado' });
    expect(screen.getByRole('alert')).toHaveTextContent('El correo ya está registrado');
  });

  it('closes with Cancelar', async () => {
    const { onClose } = renderDialog({ cancelText: 'Cerrar' });
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalled();
  });
});
