import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { renderWithProviders } from '../../../lib/testing/render';
import { EmployeesPage } from './employees-page';

afterEach(() => vi.unstubAllGlobals());

describe('Empleados page filters (useListFilters, SearchField, FilterSelect)', () => {
  it('asks the server with the typed search once typing stops and with the chosen state; Todos drops it', async () => {
    const api = mockFetch({ 'GET /api/empleados': { body: { items: [], total: 0 } } });
    renderWithProviders(<EmployeesPage />);
    expect(await screen.findByText('Sin empleados')).toBeInTheDocument();
    const asked = () => api.of('GET /api/empleados').at(-1)!.query;
    expect(asked().has('search')).toBe(false);
    expect(asked().has('estado')).toBe(false);

    await userEvent.type(screen.getByLabelText('Buscar empleado'), '  Sofía ');
    await waitFor(() => expect(asked().get('search')).toBe('Sofía'));
    // One request for the settled text, none per key typed.
    expect(api.of('GET /api/empleados').filter((c) => c.query.has('search'))).toHaveLength(1);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'De vacaciones' }));
    await waitFor(() => expect(asked().get('estado')).toBe('vacaciones'));
    expect(asked().get('search')).toBe('Sofía');
    expect(await screen.findByText('Ningún empleado coincide')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Estado' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Todos' }));
    await waitFor(() => expect(asked().has('estado')).toBe(false));
  });
});
