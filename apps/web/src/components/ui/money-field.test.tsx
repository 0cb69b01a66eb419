import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MoneyField } from './money-field';
import { parseMoneyInput } from './money-input';

function Harness({ onValue, initial = null }: { onValue: (v: number | null) => void; initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <MoneyField
      label="Monto"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('parseMoneyInput', () => {
  it('reads grouped and plain amounts', () => {
    expect(parseMoneyInput('1,234.50')).toEqual({ ok: true, value: 1234.5 });
    expect(parseMoneyInput('1234.5')).toEqual({ ok: true, value: 1234.5 });
    expect(parseMoneyInput('$ 300')).toEqual({ ok: true, value: 300 });
    expect(parseMoneyInput('')).toEqual({ ok: true, value: null });
  });
  it('refuses negatives, 3 decimals and garbage', () => {
    expect(parseMoneyInput('-5')).toEqual({ ok: false, error: 'El monto no puede ser negativo' });
    expect(parseMoneyInput('1.234')).toEqual({ ok: false, error: 'Máximo 2 decimales' });
    expect(parseMoneyInput('12,34').ok).toBe(false);
    expect(parseMoneyInput('abc').ok).toBe(false);
  });
});

describe('MoneyField', () => {
  it("shows '$', asks for a decimal keyboard and turns '1,234.50' into 1234.5", async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('Monto');
    expect(screen.getByText('$')).toBeInTheDocument();
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(input, '1,234.50');
    expect(onValue).toHaveBeenLastCalledWith(1234.5);
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('formats the amount on blur', async () => {
    render(<Harness onValue={() => {}} />);
    const input = screen.getByLabelText('Monto');
    await userEvent.type(input, '1234.5');
    await userEvent.tab();
    expect(input).toHaveValue('1,234.50');
  });

  it('rejects a negative amount with a Spanish message and gives null', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('Monto');
    await userEvent.type(input, '-20');
    expect(screen.getByText('El monto no puede ser negativo')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('rejects three decimals', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('Monto');
    await userEvent.type(input, '10.505');
    expect(screen.getByText('Máximo 2 decimales')).toBeInTheDocument();
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('shows a value set from outside (form reset)', () => {
    const { rerender } = render(<MoneyField label="Monto" value={300} onChange={() => {}} />);
    expect(screen.getByLabelText('Monto')).toHaveValue('300.00');
    rerender(<MoneyField label="Monto" value={1300} onChange={() => {}} />);
    expect(screen.getByLabelText('Monto')).toHaveValue('1,300.00');
  });

  it('passes the form error and helper text through', () => {
    render(<MoneyField label="Monto" value={null} onChange={() => {}} error helperText="El monto es obligatorio" />);
    expect(screen.getByText('El monto es obligatorio')).toBeInTheDocument();
    expect(screen.getByLabelText('Monto')).toHaveAttribute('aria-invalid', 'true');
  });
});
