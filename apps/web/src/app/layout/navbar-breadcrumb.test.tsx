import { PAGES } from '@airlink/domain';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { collectConsoleErrors } from '../../lib/testing/console-errors';
import { NavbarBreadcrumb } from './navbar-breadcrumb';

const consoleErrors = collectConsoleErrors();

function crumbsAt(path: string): string[] {
  const router = createMemoryRouter([{ path: '*', element: <NavbarBreadcrumb /> }], { initialEntries: [path] });
  const { unmount } = render(<RouterProvider router={router} />);
  const nav = screen.getByRole('navigation', { name: 'Ruta de navegación' });
  const crumbs = [...nav.querySelectorAll('li:not(.sh-crumb-sep)')].map((li) => li.textContent ?? '');
  unmount();
  return crumbs;
}

describe('navbar breadcrumb', () => {
  it("Finanzas is one crumb ('Finanzas', never 'Finanzas / Finanzas'), with no React key warning", () => {
    expect(crumbsAt('/dashboard/finanzas')).toEqual(['Finanzas']);
    expect(crumbsAt('/dashboard/clientes')).toEqual(['Gestión de Clientes', 'Clientes']);
    expect(consoleErrors()).toEqual([]);
  });

  it('no page repeats a crumb or makes React warn', () => {
    for (const page of PAGES) {
      const crumbs = crumbsAt(page.path);
      expect(new Set(crumbs).size, page.path).toBe(crumbs.length);
    }
    expect(consoleErrors()).toEqual([]);
  });
});
