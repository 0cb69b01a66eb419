import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary';

function Boom({ error }: { error: Error }): never {
  throw error;
}

function renderFailing(error: Error) {
  render(
    <MemoryRouter>
      <RouteErrorBoundary>
        <Boom error={error} />
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

describe('RouteErrorPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('explains in Spanish that the page could not be downloaded and offers Recargar', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing(new TypeError('Failed to fetch dynamically imported module: http://x/assets/admin-home.js'));
    expect(screen.getByRole('heading', { name: 'No se pudo cargar la página' })).toBeInTheDocument();
    expect(screen.getByText(/Revisa tu conexión/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
  });

  it('any other failure gets a general Spanish message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing(new Error('x is undefined'));
    expect(screen.getByRole('heading', { name: 'Algo salió mal en esta página' })).toBeInTheDocument();
  });

  it('going to another address leaves the error behind', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MemoryRouter>
        <Link to="/otra">Ir a otra</Link>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/" element={<Boom error={new Error('x is undefined')} />} />
            <Route path="/otra" element={<p>Otra página</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Algo salió mal en esta página' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Ir a otra' }));
    expect(await screen.findByText('Otra página')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
