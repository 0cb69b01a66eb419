import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LoggedOutPage } from './logged-out-page';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/logedout', element: <LoggedOutPage /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('/logedout', () => {
  it('shows the message and the Ir a login button', () => {
    renderAt('/logedout');
    expect(screen.getByText('El usuario no existe en el sistema o no esta logueado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('logout-error')).not.toBeInTheDocument();
  });

  it('shows the error parameter as text, never as HTML', () => {
    const error = '<img src=x onerror=alert(1)> Usuario desactivado';
    renderAt(`/logedout?error=${encodeURIComponent(error)}`);
    const alert = screen.getByTestId('logout-error');
    expect(alert).toHaveTextContent(error);
    expect(alert.querySelector('img')).toBeNull();
    expect(alert).toHaveStyle({ color: 'rgb(211, 47, 47)' });
  });
});
