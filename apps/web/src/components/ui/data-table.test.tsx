import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridColDef, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';

interface Row {
  id: number;
  nombre: string;
}
const columns: GridColDef<Row>[] = [
  { field: 'id', headerName: 'ID', width: 80 },
  { field: 'nombre', headerName: 'Nombre', width: 200 },
];
const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, nombre: `Persona ${i + 1}` }));

describe('DataTable', () => {
  it('number columns show es-MX thousands whatever the browser locale; identifiers stay plain', () => {
    // A German browser: the grid's own number format would show 1.234.567,5.
    const original = Number.prototype.toLocaleString;
    const spy = vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (
      this: number,
      locales?: Intl.LocalesArgument,
      options?: Intl.NumberFormatOptions,
    ) {
      return original.call(this, locales ?? 'de-DE', options);
    });
    try {
      const cols: GridColDef<{ id: number; idCliente: number; bytes: number }>[] = [
        { field: 'id', headerName: 'ID', type: 'number' },
        { field: 'idCliente', headerName: 'Cliente', type: 'number' },
        { field: 'bytes', headerName: 'Bytes', type: 'number' },
      ];
      render(<DataTable mode="client" rows={[{ id: 1234, idCliente: 5678, bytes: 1234567.5 }]} columns={cols} />);
      expect(screen.getByText('1,234,567.5')).toBeInTheDocument();
      expect(screen.getByText('1234')).toBeInTheDocument();
      expect(screen.getByText('5678')).toBeInTheDocument();
    } finally {
      spy.mockRestore();
    }
  });

  it('renders the rows of the first page (10 by default) in client mode', () => {
    render(<DataTable mode="client" rows={rows} columns={columns} />);
    expect(screen.getByText('Persona 1')).toBeInTheDocument();
    expect(screen.getByText('Persona 10')).toBeInTheDocument();
    expect(screen.queryByText('Persona 11')).not.toBeInTheDocument();
    expect(screen.getByText('Filas por página:')).toBeInTheDocument();
  });

  it('shows the Spanish empty state', () => {
    render(<DataTable mode="client" rows={[]} columns={columns} />);
    expect(screen.getByText('Sin registros')).toBeInTheDocument();
  });

  it('shows skeleton rows, not the empty state, while the first page loads', () => {
    const { container } = render(<DataTable mode="client" rows={[]} columns={columns} loading />);
    expect(container.querySelectorAll('.MuiDataGrid-cellSkeleton').length).toBeGreaterThan(0);
    expect(screen.queryByText('Sin registros')).not.toBeInTheDocument();
  });

  it('shows skeleton rows (not a progress bar) while the next page loads', () => {
    const { container } = render(<DataTable mode="client" rows={rows} columns={columns} loading />);
    expect(container.querySelectorAll('.MuiDataGrid-cellSkeleton').length).toBeGreaterThan(0);
    expect(container.querySelector('.MuiLinearProgress-root')).toBeNull();
  });

  it('calls onRowClick with the row', async () => {
    const onRowClick = vi.fn();
    render(<DataTable mode="client" rows={rows} columns={columns} onRowClick={onRowClick} />);
    await userEvent.click(screen.getByText('Persona 3'));
    expect(onRowClick).toHaveBeenCalledWith(rows[2]);
  });

  it('in server mode shows the rows given and reports the next page', async () => {
    const onPage = vi.fn<(m: GridPaginationModel) => void>();
    function Harness() {
      const [model, setModel] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
      const [sort, setSort] = useState<GridSortModel>([]);
      return (
        <DataTable
          rows={rows.slice(0, 10)}
          columns={columns}
          rowCount={42}
          paginationModel={model}
          onPaginationModelChange={(m) => {
            onPage(m);
            setModel(m);
          }}
          sortModel={sort}
          onSortModelChange={setSort}
        />
      );
    }
    render(<Harness />);
    expect(screen.getByText('1–10 de 42')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /página siguiente/i }));
    expect(onPage).toHaveBeenCalledWith({ page: 1, pageSize: 10 });
    expect(screen.getByText('11–20 de 42')).toBeInTheDocument();
  });

  it('offers the page sizes 5/10/25/50/75/100', async () => {
    render(<DataTable mode="client" rows={rows} columns={columns} />);
    // jsdom's layout leaves the footer select out of the accessibility tree, so find it by its label.
    await userEvent.click(screen.getByLabelText(/filas por página/i));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['5', '10', '25', '50', '75', '100']);
  });
});

describe('DataTable on a phone', () => {
  const withActions: GridColDef<Row>[] = [
    ...columns,
    { field: 'actions', headerName: 'Acciones', width: 100, renderCell: () => 'botones' },
  ];
  const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

  it('shows the actions’ column last on a wide screen', () => {
    render(<DataTable mode="client" rows={rows} columns={withActions} />);
    expect(headers()).toEqual(['ID', 'Nombre', 'Acciones']);
  });

  it('shows the actions’ column first below 600 px, so its buttons need no sideways scroll', () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          onchange: null,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    try {
      render(<DataTable mode="client" rows={rows} columns={withActions} />);
      expect(headers()).toEqual(['Acciones', 'ID', 'Nombre']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
