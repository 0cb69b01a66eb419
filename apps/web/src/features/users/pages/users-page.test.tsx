import type { ReactNode } from 'react';
import type { User } from '@airlink/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Toaster from '../../../app/toaster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UsersPage } from './users-page';

const users: User[] = [
  {
    id: 1,
    nombre: 'Ana',
    apellidos: 'Pérez',
    userName: 'ana',
    email: 'admin@airlink.mx',
    idPerfilUsuario: 20,
    activo: true,
    picture: null,
    idEmpleado: null,
    empleadoNombre: null,
    ultimoAcceso: null,
  },
  {
    id: 2,
    nombre: 'Beto',
    apellidos: 'López',
    userName: 'beto',
    email: 'beto@airlink.mx',
    idPerfilUsuario: 5,
    activo: true,
    picture: null,
    idEmpleado: null,
    empleadoNombre: null,
    ultimoAcceso: null,
  },
  {
    id: 3,
    nombre: 'Carla',
    apellidos: 'Ruiz',
    userName: 'carla',
    email: 'carla@airlink.mx',
    idPerfilUsuario: 6,
    activo: false,
    picture: null,
    idEmpleado: null,
    empleadoNombre: null,
    ultimoAcceso: null,
  },
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[];
type Reply = { status: number; body?: unknown };
let replies: Record<string, (call: Call) => Reply>;

function json({ status, body }: Reply) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  calls = [];
  replies = { 'GET /api/usuarios': () => ({ status: 200, body: users }) };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const reply = replies[`${call.method} ${url}`];
      return json(reply ? reply(call) : { status: 404, body: { error: 'not_found', message: 'No encontrado' } });
    }),
  );
  localStorage.setItem('token', 'test-token');
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 1, name: 'Ana Pérez', email: 'admin@airlink.mx', picture: null, idPerfilUsuario: 20 }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <>
        <Toaster />
        {children}
      </>
    </QueryClientProvider>
  );
  return render(<UsersPage />, { wrapper });
}

async function rowOf(name: string) {
  const cell = await screen.findByText(name);
  return cell.closest('[role="row"]') as HTMLElement;
}

describe('UsersPage', () => {
  it('lists the users with Administrador from level 6 and Usuario below', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Usuarios' })).toBeInTheDocument();
    const ana = await rowOf('Ana');
    expect(within(ana).getByText('admin@airlink.mx')).toBeInTheDocument();
    // The level's name is the dialog's (one domain table) and agrees with the spec's label.
    expect(within(ana).getByLabelText('20 · Administrador')).toBeInTheDocument();
    expect(within(ana).getByRole('gridcell', { name: 'Administrador' })).toBeInTheDocument();
    expect(within(ana).getByText('Activo')).toBeInTheDocument();
    const beto = await rowOf('Beto');
    expect(within(beto).getByLabelText('5 · Soporte')).toBeInTheDocument();
    expect(within(beto).getByText('Usuario')).toBeInTheDocument();
    const carla = await rowOf('Carla');
    expect(within(carla).getByText('Administrador')).toBeInTheDocument();
    expect(within(carla).getByText('Inactivo')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/usuarios' });
  });

  it('shows the error with Reintentar when the list fails, and retries', async () => {
    replies['GET /api/usuarios'] = () => ({
      status: 500,
      body: { error: 'internal', message: 'Error interno del servidor' },
    });
    renderPage();
    expect(await screen.findByText('Error interno del servidor')).toBeInTheDocument();
    replies['GET /api/usuarios'] = () => ({ status: 200, body: users });
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Beto')).toBeInTheDocument();
  });

  it('does not offer Desactivar on the signed-in user’s own row', async () => {
    renderPage();
    const ana = await rowOf('Ana');
    expect(within(ana).getByRole('button', { name: 'Cambiar nivel' })).toBeInTheDocument();
    expect(within(ana).queryByRole('button', { name: 'Desactivar' })).not.toBeInTheDocument();
    expect(within(await rowOf('Beto')).getByRole('button', { name: 'Desactivar' })).toBeInTheDocument();
    expect(within(await rowOf('Carla')).getByRole('button', { name: 'Reactivar' })).toBeInTheDocument();
  });

  it('validates the new-user form in Spanish before sending', async () => {
    renderPage();
    await screen.findByText('Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar usuario' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar usuario' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByText('El correo es obligatorio')).toBeInTheDocument();
    expect(within(dialog).getByText('El nombre es obligatorio')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Correo/), 'no-es-correo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByText('Correo inválido')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('adds a user and toasts Usuario agregado', async () => {
    const created: User = {
      ...users[1]!,
      id: 4,
      nombre: 'Dora',
      apellidos: 'Soto',
      email: 'dora@airlink.mx',
      userName: 'dora',
      idPerfilUsuario: 16,
    };
    replies['POST /api/usuarios'] = () => ({ status: 201, body: created });
    renderPage();
    await screen.findByText('Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar usuario' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar usuario' });
    await userEvent.type(within(dialog).getByLabelText(/Correo/), 'Dora@AirLink.mx');
    await userEvent.type(within(dialog).getByLabelText(/Nombre/), 'Dora');
    await userEvent.type(within(dialog).getByLabelText(/Apellidos/), 'Soto');
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(screen.getByRole('option', { name: /16\s*Cajero/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByText('Usuario agregado')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'dora@airlink.mx',
      nombre: 'Dora',
      apellidos: 'Soto',
      idPerfilUsuario: 16,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a 409 (email already used) on the email field', async () => {
    replies['POST /api/usuarios'] = () => ({
      status: 409,
      body: { error: 'email_taken', message: 'Ya existe un usuario con ese correo' },
    });
    renderPage();
    await screen.findByText('Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar usuario' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar usuario' });
    const email = within(dialog).getByLabelText(/Correo/);
    await userEvent.type(email, 'beto@airlink.mx');
    await userEvent.type(within(dialog).getByLabelText(/Nombre/), 'Beto');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Ya existe un usuario con ese correo'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts server field errors under their fields', async () => {
    replies['POST /api/usuarios'] = () => ({
      status: 400,
      body: { error: 'validation', message: 'Revisa los datos', details: { Nombre: ['El nombre es demasiado largo'] } },
    });
    renderPage();
    await screen.findByText('Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar usuario' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar usuario' });
    await userEvent.type(within(dialog).getByLabelText(/Correo/), 'nuevo@airlink.mx');
    const nombre = within(dialog).getByLabelText(/Nombre/);
    await userEvent.type(nombre, 'Nuevo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(nombre).toHaveAccessibleDescription('El nombre es demasiado largo'));
  });

  it('deactivates after confirming: PUT with activo false, then Usuario desactivado', async () => {
    const after = users.map((u) => (u.id === 2 ? { ...u, activo: false } : u));
    replies['PUT /api/usuarios/2'] = () => {
      replies['GET /api/usuarios'] = () => ({ status: 200, body: after });
      return { status: 200, body: after[1] };
    };
    renderPage();
    await userEvent.click(within(await rowOf('Beto')).getByRole('button', { name: 'Desactivar' }));
    const dialog = screen.getByRole('dialog', { name: 'Desactivar usuario' });
    expect(dialog).toHaveTextContent('Sus sesiones abiertas se cerrarán de inmediato');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Usuario desactivado')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/usuarios/2',
      body: { activo: false },
    });
    await waitFor(async () => expect(within(await rowOf('Beto')).getByText('Inactivo')).toBeInTheDocument());
    expect(within(await rowOf('Beto')).getByRole('button', { name: 'Reactivar' })).toBeInTheDocument();
  });

  it('reactivates an inactive user', async () => {
    replies['PUT /api/usuarios/3'] = () => ({ status: 200, body: { ...users[2], activo: true } });
    renderPage();
    await userEvent.click(within(await rowOf('Carla')).getByRole('button', { name: 'Reactivar' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Reactivar usuario' })).getByRole('button', { name: 'Reactivar' }),
    );
    expect(await screen.findByText('Usuario reactivado')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ activo: true });
  });

  it('changes the level with the level select', async () => {
    replies['PUT /api/usuarios/2'] = () => ({ status: 200, body: { ...users[1], idPerfilUsuario: 17 } });
    renderPage();
    await userEvent.click(within(await rowOf('Beto')).getByRole('button', { name: 'Cambiar nivel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cambiar nivel' });
    expect(within(dialog).getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('combobox'));
    const named = screen.getAllByRole('option').filter((o) => /[a-z]/i.test(o.textContent ?? ''));
    // Read as 'number name' (a screen reader and getByRole's `^17\b` both need the space).
    expect(named.map((o) => o.textContent)).toEqual([
      '5 Soporte',
      '10 Consulta',
      '16 Cajero',
      '17 Supervisor',
      '18 Autorizador',
      '20 Administrador',
    ]);
    expect(screen.getAllByRole('option')).toHaveLength(20);
    await userEvent.click(screen.getByRole('option', { name: /17\s*Supervisor/ }));
    // The spec's label of the chosen level, as the table's Tipo column shows it.
    expect(dialog).toHaveTextContent('Administrador. Acceso: además cortar, reconectar y cancelar contratos.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    // Nothing is sent before the confirmation.
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar cambio de nivel' });
    expect(confirm).toHaveTextContent('¿Cambiar el nivel de Beto López de 5 a 17?');
    expect(calls.find((c) => c.method === 'PUT')).toBeUndefined();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cambiar nivel' }));
    expect(await screen.findByText('Nivel actualizado')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/usuarios/2',
      body: { idPerfilUsuario: 17 },
    });
  });

  it('shows the linked employee and the last sign-in, and links an employee', async () => {
    const listed = [
      { ...users[0]!, idEmpleado: 7, empleadoNombre: 'Ana Pérez Ruiz', ultimoAcceso: '2026-11-20T16:30:00Z' },
      ...users.slice(1),
    ];
    replies['GET /api/usuarios'] = () => ({ status: 200, body: listed });
    replies['GET /api/empleados?page=0&pageSize=100'] = () => ({
      status: 200,
      body: {
        total: 1,
        items: [
          {
            id: 9,
            nombre: 'Beto',
            apellido: 'López',
            email: 'beto@airlink.mx',
            telefono: '7711234567',
            puesto: 'Promotor',
            departamento: 'Ventas',
            fechaIngreso: '2024-01-02',
            salario: 9000,
            diasVacaciones: 12,
            diasUsados: 0,
            diasDisponibles: 12,
            faltas: 0,
            estado: 'activo',
            direccion: 'x',
            emergenciaContacto: 'x',
            emergenciaTelefono: 'x',
          },
        ],
      },
    });
    replies['PUT /api/usuarios/2'] = () => ({
      status: 200,
      body: { ...users[1], idEmpleado: 9, empleadoNombre: 'Beto López' },
    });
    renderPage();
    const ana = await rowOf('Ana');
    expect(ana).toHaveTextContent('Ana Pérez Ruiz');
    expect(ana).toHaveTextContent('20/11/2026');
    expect(await rowOf('Beto')).toHaveTextContent('Sin vincular');
    expect(await rowOf('Beto')).toHaveTextContent('Nunca');
    await userEvent.click(within(await rowOf('Beto')).getByRole('button', { name: 'Vincular empleado' }));
    const dialog = screen.getByRole('dialog', { name: 'Vincular empleado' });
    await userEvent.click(within(dialog).getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: /Beto López/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Empleado vinculado')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/usuarios/2',
      body: { idEmpleado: 9 },
    });
  });

  it('does not let the signed-in admin lower their own level', async () => {
    renderPage();
    await userEvent.click(within(await rowOf('Ana')).getByRole('button', { name: 'Cambiar nivel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cambiar nivel' });
    expect(dialog).toHaveTextContent('No puedes bajar tu propio nivel.');
    await userEvent.click(within(dialog).getByRole('combobox'));
    expect(screen.getByRole('option', { name: /5\s*Soporte/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('option', { name: /20\s*Administrador/ })).not.toHaveAttribute('aria-disabled');
  });
});
