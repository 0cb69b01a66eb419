import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../lib/testing/fetch-mock';
import { makeSearchResult } from '../../../lib/testing/fixtures';
import { CustomerSearchBox } from './customer-search-box';

const results = [
  makeSearchResult(1, { nombre: 'Ana López' }),
  makeSearchResult(2, { nombre: 'Andrés Ruiz', cortado: true }),
  makeSearchResult(3, { nombre: 'Anabel Soto', activo: false }),
];

function Where() {
  const location = useLocation();
  return <output aria-label="Ubicación">{location.pathname + location.search}</output>;
}

function setup(body: unknown = results) {
  const server = mockFetch({ 'GET /api/customer/search': { body } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <CustomerSearchBox />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/clientes'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, server, input: screen.getByRole('combobox', { name: 'Buscar cliente' }) };
}

/**
 * Types `text` as one change. Typing key by key (`userEvent.type`) was flaky: on a loaded machine a pause
 * of more than the debounce time between two keys sent a search for the first letters; its results opened
 * the list, the test moved the highlight, and then the answer for the whole text replaced the results
 * (new results clear the highlight) while the box still counted as typing (Enter waits for the answer).
 * One change leaves one debounced search, for the whole text, whatever the machine's speed.
 */
async function typeQuery(input: HTMLElement, text: string) {
  await userEvent.click(input);
  fireEvent.change(input, { target: { value: text } });
}

const options = () => within(screen.getByRole('listbox')).getAllByRole('option');
const selectedName = () => options().find((o) => o.getAttribute('aria-selected') === 'true')?.textContent ?? null;

// Typing into many MUI fields is slow on a busy machine.
// Waits for the page (debounce, requests, lazy modules) allow for a loaded machine.

afterEach(() => vi.unstubAllGlobals());

describe('CustomerSearchBox', () => {
  it('searches after a pause and lists name, display id, address, community and hints', async () => {
    const { input, server } = setup();
    // Five keystrokes in a row (one task, so no timer can run between them): one request once the
    // box has been quiet for the debounce time, not one per key.
    for (const value of ['a', 'an', 'an ', 'an l', 'an lo']) fireEvent.change(input, { target: { value } });
    expect(server.fn).not.toHaveBeenCalled();
    expect(await screen.findByRole('listbox', { name: 'Clientes encontrados' })).toBeInTheDocument();
    expect(options()).toHaveLength(3);
    expect(options()[0]).toHaveTextContent('Ana López');
    expect(options()[0]).toHaveTextContent('260001Cliente1');
    expect(options()[0]).toHaveTextContent('Calle 1 1, Centro · Tizayuca');
    expect(within(options()[1]!).getByText('Suspendido')).toBeInTheDocument();
    expect(within(options()[2]!).getByText('Cancelado')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const urls = server.fn.mock.calls.map((c) => String(c[0]));
    expect(urls).toEqual(['/api/customer/search?q=an%20lo']);
  });

  it('ArrowDown and ArrowUp move the highlight and wrap around; Enter opens that customer and clears the box', async () => {
    const { input, router } = setup();
    await typeQuery(input, 'an');
    await screen.findByRole('listbox');
    expect(selectedName()).toBeNull();
    await userEvent.keyboard('{ArrowDown}');
    expect(selectedName()).toContain('Ana López');
    expect(input).toHaveAttribute('aria-activedescendant', options()[0]!.id);
    await userEvent.keyboard('{ArrowUp}');
    expect(selectedName()).toContain('Anabel Soto');
    expect(input).toHaveAttribute('aria-activedescendant', options()[2]!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(selectedName()).toContain('Ana López');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(selectedName()).toContain('Anabel Soto');
    await userEvent.keyboard('{ArrowUp}');
    expect(selectedName()).toContain('Andrés Ruiz');
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard/profile?id=2');
    expect(input).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('Escape closes the list and keeps the text; a second Escape clears it', async () => {
    const { input, router } = setup();
    await typeQuery(input, 'an');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('an');
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}{Escape}');
    expect(input).toHaveValue('');
    expect(router.state.location.pathname).toBe('/dashboard/clientes');
  });

  it('a click on a row opens that customer', async () => {
    const { input, router } = setup();
    await typeQuery(input, 'an');
    await screen.findByRole('listbox');
    await userEvent.click(options()[2]!);
    expect(router.state.location.search).toBe('?id=3');
    expect(input).toHaveValue('');
  });

  it('says Sin resultados when nothing matches', async () => {
    const { input } = setup([]);
    await typeQuery(input, 'zzz');
    expect(await screen.findByText('Sin resultados')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Ubicación')).toHaveTextContent('/dashboard/clientes'));
  });
});
