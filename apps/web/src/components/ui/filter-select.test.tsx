import { ThemeProvider } from '@mui/material';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterSelect } from './filter-select';
import { theme } from './theme';

const OPTIONS = [
  { value: 0, label: 'Sin asignar' },
  { value: 7, label: 'Sofía Cruz' },
];

function renderSelect(value: number | '', onChange = vi.fn(), all: string | null = 'Todos') {
  render(
    <ThemeProvider theme={theme}>
      <FilterSelect label="Asignado a" value={value} onChange={onChange} options={OPTIONS} all={all ?? undefined} />
    </ThemeProvider>,
  );
  return onChange;
}

describe('FilterSelect', () => {
  it("shows the 'all' option for '' and gives back '' when it is picked", async () => {
    const onChange = renderSelect(7);
    expect(screen.getByRole('combobox', { name: 'Asignado a' })).toHaveTextContent('Sofía Cruz');
    await userEvent.click(screen.getByRole('combobox', { name: 'Asignado a' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Todos' }));
    expect(onChange).toHaveBeenCalledWith('');
  });

  it('gives back a number option as a number (0 included, not taken for empty)', async () => {
    const onChange = renderSelect('');
    expect(screen.getByRole('combobox', { name: 'Asignado a' })).toHaveTextContent('Todos');
    await userEvent.click(screen.getByRole('combobox', { name: 'Asignado a' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sin asignar' }));
    expect(onChange).toHaveBeenCalledWith(0);
  });

  it("without 'all', lists only the options", async () => {
    renderSelect(0, vi.fn(), null);
    await userEvent.click(screen.getByRole('combobox', { name: 'Asignado a' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Sin asignar', 'Sofía Cruz']);
  });
});
