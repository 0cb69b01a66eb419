import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from './route-error-page';

function Boom({ error }: { error: Error }): never {
  throw error;
}

function renderFailing(error: Error) {
  const router = createMemoryRouter([{ path: '/', element: <Boom error={error} />, errorElement: <RouteErrorPage /> }]);
  render(<RouterProvider router={router} />);
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
});
