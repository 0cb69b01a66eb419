import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Sidebar } from './sidebar';

function renderSidebar(level: number, path = '/dashboard') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar level={level} />
    </MemoryRouter>,
  );
  const nav = screen.getByRole('navigation', { name: 'Menú principal' });
  return within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);
}

describe('sidebar', () => {
  it('level 5 sees only Clientes, Soporte and Agenda', () => {
    expect(renderSidebar(5)).toEqual(['Clientes', 'Soporte', 'Agenda']);
    expect(screen.getByText('Gestión de Clientes')).toBeInTheDocument();
    expect(screen.queryByText('Administración')).not.toBeInTheDocument();
  });

  it('level 16 adds the dashboard, Dispositivos, Gastos, Caja y Bancos and Facturación', () => {
    expect(renderSidebar(16)).toEqual([
      'Dashboard',
      'Clientes',
      'Soporte',
      'Agenda',
      'Dispositivos',
      'Gastos',
      'Caja y Bancos',
      'Facturación',
    ]);
  });

  it('level 20 sees every listed page, grouped, dashboard first', () => {
    expect(renderSidebar(20)).toEqual([
      'Dashboard',
      'Clientes',
      'Soporte',
      'Agenda',
      'Usuarios',
      'Administracion',
      'Empleados',
      'Cortes programados',
      'Recordatorios de pago',
      'Usuarios Conectados',
      'Dispositivos',
      'Sites',
      'Routers',
      'Finanzas',
      'Reporte diario',
      'Gastos',
      'Caja y Bancos',
      'Facturación',
      'Api Keys',
      'Tareas',
      'WhatsApp Conversaciones',
    ]);
    for (const heading of ['Gestión de Clientes', 'Administración', 'Infraestructura', 'Finanzas', 'Sistema']) {
      expect(screen.getAllByText(heading).length).toBeGreaterThan(0);
    }
  });

  it('highlights the page on screen, and Clientes for the hidden customer panel', () => {
    renderSidebar(20, '/dashboard/gastos');
    expect(screen.getByRole('link', { name: 'Gastos' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Clientes' })).not.toHaveAttribute('aria-current');
  });

  it('the customer panel highlights Clientes', () => {
    renderSidebar(20, '/dashboard/profile');
    expect(screen.getByRole('link', { name: 'Clientes' })).toHaveAttribute('aria-current', 'page');
  });
});
