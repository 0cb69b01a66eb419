import { cancelContractSchema, dateTimeInput, type Account, z } from '@airlink/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { session } from '../../lib/session';
import { mockFetch } from '../../lib/testing/fetch-mock';
import { makeSearchResult, signIn } from '../../lib/testing/fixtures';
import { renderWithProviders } from '../../lib/testing/render';
import { AccountSelectField } from './account-select-field';
import { CustomerPickerField } from './customer-picker-field';
import {
  DateFormField,
  DateTimeFormField,
  MoneyFormField,
  MultilineFormField,
  SelectFormField,
  TextFormField,
  TimeFormField,
  ToggleFormField,
} from './form-fields';
import { FormDialog } from './form-dialog';
import { shapedResolver, useFormKit } from './use-form-kit';

afterEach(() => {
  session.clear();
  vi.unstubAllGlobals();
});

/** The domain's cancel-contract schema in a kit dialog; `fail` makes the save throw. */
function CancelForm({ onSave }: { onSave: (values: { motivo: string }) => unknown }) {
  const kit = useFormKit({ schema: cancelContractSchema, defaultValues: { motivo: '' } });
  return (
    <FormDialog open title="Cancelar" onClose={() => {}} onSubmit={kit.submit(onSave)} error={kit.formError}>
      <MultilineFormField control={kit.form.control} name="motivo" label="Motivo" helperText="Al menos 5" />
    </FormDialog>
  );
}

describe('useFormKit', () => {
  it('checks with the domain schema: its Spanish message replaces the hint, nothing is saved', async () => {
    const onSave = vi.fn();
    renderWithProviders(<CancelForm onSave={onSave} />);
    expect(screen.getByText('Al menos 5')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Motivo'), 'no');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const field = screen.getByLabelText('Motivo');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText('Al menos 5')).not.toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.type(field, ' se mudó');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ motivo: 'no se mudó' }));
  });

  it("puts the server's details under their fields and the rest in the dialog's alert", async () => {
    const onSave = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(400, 'validation', 'Revisa los datos', { Motivo: ['El motivo ya se usó'], otro: ['x'] }),
      )
      .mockRejectedValueOnce(new Error('Sin conexión'));
    renderWithProviders(<CancelForm onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Motivo'), 'Se mudó de ciudad');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El motivo ya se usó')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Revisa los datos');
    expect(screen.getByLabelText('Motivo')).toHaveValue('Se mudó de ciudad');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Sin conexión'));
  });
});

const allFieldsSchema = z.object({
  nombre: z.string().min(1, 'Escribe el nombre'),
  monto: z.number({ error: 'Escribe el monto' }).positive(),
  fecha: z.string(),
  cita: z.string(),
  tipo: z.number({ error: 'Elige el tipo' }),
  facturar: z.boolean(),
  idCuenta: z.number({ error: 'Elige la cuenta' }),
  idCliente: z.number({ error: 'Elige el cliente' }),
});
type AllFields = z.infer<typeof allFieldsSchema>;
interface AllFieldsForm {
  nombre: string;
  monto: number | null;
  fecha: string;
  cita: string;
  tipo: number | null;
  facturar: boolean;
  idCuenta: number | null;
  idCliente: number | null;
}

const moneyOnly = (accounts: readonly Account[]) => accounts.filter((a) => a.grupo !== 'ajuste');

function AllFields({ onSave }: { onSave: (values: AllFields) => unknown }) {
  const { form, submit } = useFormKit<AllFieldsForm, AllFields>({
    schema: allFieldsSchema as unknown as z.ZodType<AllFields, AllFieldsForm>,
    defaultValues: {
      nombre: '',
      monto: 300,
      fecha: '2026-05-01',
      cita: '',
      tipo: null,
      facturar: false,
      idCuenta: null,
      idCliente: null,
    },
  });
  const { control } = form;
  return (
    <form onSubmit={submit(onSave)} noValidate>
      <TextFormField control={control} name="nombre" label="Nombre" />
      <MoneyFormField control={control} name="monto" label="Monto" />
      <DateFormField control={control} name="fecha" label="Fecha" max="2026-12-31" />
      <DateTimeFormField control={control} name="cita" label="Cita" />
      <SelectFormField
        control={control}
        name="tipo"
        label="Tipo"
        options={[
          { value: 1, label: 'Residencial' },
          { value: 2, label: 'Negocio' },
        ]}
      />
      <ToggleFormField control={control} name="facturar" label="Factura" />
      <AccountSelectField control={control} name="idCuenta" label="Cuenta" filter={moneyOnly} />
      <CustomerPickerField control={control} name="idCliente" />
      <button type="submit">Enviar</button>
    </form>
  );
}

const accounts: Account[] = [
  { id: 1, nombre: 'Oficina Aurrera', grupo: 'tizayuca', activo: true, orden: 1 },
  { id: 6, nombre: 'Banamex Airlink', grupo: 'banco', activo: true, orden: 6 },
  { id: 8, nombre: 'Ajuste', grupo: 'ajuste', activo: true, orden: 8 },
];

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('kit fields', () => {
  it('text, money, date, date-time, select, switch, account and customer reach the form typed', async () => {
    signIn(16);
    const api = mockFetch({
      'GET /api/cuentas': { body: accounts },
      'GET /api/customer/search': { body: [makeSearchResult(41, { nombre: 'Ana López' })] },
    });
    const onSave = vi.fn();
    renderWithProviders(<AllFields onSave={onSave} />);

    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Escribe el nombre')).toBeInTheDocument();
    expect(screen.getByText('Elige el tipo')).toBeInTheDocument();
    expect(screen.getByText('Elige la cuenta')).toBeInTheDocument();
    expect(screen.getByText('Elige el cliente')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Nombre'), 'Ana');
    const money = screen.getByRole('textbox', { name: 'Monto' });
    expect(money).toHaveValue('300.00');
    await userEvent.clear(money);
    await userEvent.type(money, '1,234.5');
    expect(screen.getByLabelText('Fecha')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Fecha')).toHaveAttribute('max', '2026-12-31');
    fireEvent.change(screen.getByLabelText('Fecha'), { target: { value: '2026-06-15' } });
    expect(screen.getByLabelText('Cita')).toHaveAttribute('type', 'date');
    fireEvent.change(screen.getByLabelText('Cita'), { target: { value: '2026-06-15' } });
    await userEvent.type(screen.getByRole('textbox', { name: 'Hora' }), '1030');
    await choose('Tipo', 'Negocio');
    await userEvent.click(screen.getByLabelText('Factura'));

    // Accounts come from GET /api/cuentas; the filter leaves adjustments out.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Cuenta' })).not.toHaveAttribute('aria-disabled'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Cuenta' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Oficina Aurrera', 'Banamex Airlink']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Banamex Airlink' }));

    // The customer is searched on the server after a pause; choosing one gives its id to the form.
    const picker = screen.getByRole('combobox', { name: 'Cliente' });
    await userEvent.click(picker);
    fireEvent.change(picker, { target: { value: 'ana' } });
    await userEvent.click(await screen.findByRole('option', { name: /Ana López/ }));
    expect(api.of('GET /api/customer/search').map((c) => c.query.get('q'))).toEqual(['ana']);
    expect(picker).toHaveValue('Ana López');

    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        nombre: 'Ana',
        monto: 1234.5,
        fecha: '2026-06-15',
        cita: '2026-06-15T10:30',
        tipo: 2,
        facturar: true,
        idCuenta: 6,
        idCliente: 41,
      }),
    );
  });

  it('says so when the accounts cannot be loaded', async () => {
    signIn(16);
    mockFetch({ 'GET /api/cuentas': { status: 500, body: { error: 'x', message: 'Falla' } } });
    renderWithProviders(<AllFields onSave={vi.fn()} />);
    expect(await screen.findByText('No se pudieron cargar las cuentas')).toBeInTheDocument();
  });
});

function AssigneeForm({ onSave }: { onSave: (values: { asignadoA: number | null }) => unknown }) {
  const { form, submit } = useFormKit<{ asignadoA: number | null }>({ defaultValues: { asignadoA: 3 } });
  return (
    <form onSubmit={submit(onSave)} noValidate>
      <SelectFormField
        control={form.control}
        name="asignadoA"
        label="Asignado a"
        emptyOption="Sin asignar"
        options={[{ value: 3, label: 'Sofía Cruz' }]}
      />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('SelectFormField with an empty option', () => {
  it('shows the empty option by its text and gives null to the form', async () => {
    const onSave = vi.fn();
    renderWithProviders(<AssigneeForm onSave={onSave} />);
    expect(screen.getByRole('combobox', { name: 'Asignado a' })).toHaveTextContent('Sofía Cruz');
    await choose('Asignado a', 'Sin asignar');
    expect(screen.getByRole('combobox', { name: 'Asignado a' })).toHaveTextContent('Sin asignar');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ asignadoA: null }));
  });
});

describe('shapedResolver', () => {
  const schema = z.object({ grupo: z.number({ error: 'El grupo es un número' }).int() });
  const resolver = shapedResolver<{ grupo: string }, { grupo: number }>(schema, (v) => ({
    grupo: /^\d+$/.test(v.grupo) ? Number(v.grupo) : v.grupo,
  }));
  const options = { fields: {}, shouldUseNativeValidation: false } as const;

  it('shapes the values before the schema reads them', async () => {
    expect(await resolver({ grupo: '12' }, undefined, options)).toEqual({ values: { grupo: 12 }, errors: {} });
  });

  it("puts the schema's message under the field of the same name", async () => {
    const result = await resolver({ grupo: 'doce' }, undefined, options);
    expect(result.errors.grupo?.message).toBe('El grupo es un número');
  });
});

/** A 24 h time in a form, as Cortes programados and the daily report hold it. */
function TimeForm({ onSave }: { onSave: (values: { hora: string }) => unknown }) {
  const { form, submit } = useFormKit({
    schema: z.object({ hora: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Hora inválida') }),
    defaultValues: { hora: '09:00' },
  });
  return (
    <form onSubmit={submit(onSave)} noValidate>
      <TimeFormField control={form.control} name="hora" label="Hora" />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('TimeFormField', () => {
  it('is 24 h whatever the browser locale: no browser time input, typed digits become HH:mm', async () => {
    const onSave = vi.fn();
    renderWithProviders(<TimeForm onSave={onSave} />);
    const field = screen.getByRole('textbox', { name: 'Hora' });
    // Not <input type="time"> (a.m./p.m. in an English browser).
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveValue('09:00');
    await userEvent.clear(field);
    await userEvent.type(field, '2130');
    expect(field).toHaveValue('21:30');
    await userEvent.clear(field);
    await userEvent.type(field, '7:5');
    await userEvent.tab();
    expect(field).toHaveValue('07:05');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ hora: '07:05' }));
  });
});

/** A date and time in a form, as the contract's agenda date and an API key's expiry hold it. */
function DateTimeForm({
  onSave,
  withSeconds = false,
  initial = '',
}: {
  onSave: (values: { cita: string }) => unknown;
  withSeconds?: boolean;
  initial?: string;
}) {
  const { form, submit } = useFormKit({
    schema: z.object({ cita: dateTimeInput('Elige la fecha y la hora') }),
    defaultValues: { cita: initial },
  });
  return (
    <form onSubmit={submit(onSave)} noValidate>
      <DateTimeFormField
        control={form.control}
        name="cita"
        label="Cita"
        required
        helperText="Día y hora"
        withSeconds={withSeconds}
      />
      <button type="submit">Enviar</button>
    </form>
  );
}

describe('DateTimeFormField', () => {
  it('is 24 h whatever the browser locale: a date input and a 24 h time text, the value YYYY-MM-DDTHH:mm', async () => {
    const onSave = vi.fn();
    const { container } = renderWithProviders(<DateTimeForm onSave={onSave} initial="2026-05-01T09:15" />);
    // Not <input type="datetime-local"> (a.m./p.m. in an English browser).
    expect(container.querySelector('input[type="datetime-local"]')).toBeNull();
    const date = screen.getByLabelText(/^Cita/);
    const time = screen.getByRole('textbox', { name: /^Hora/ });
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toBeRequired();
    expect(date).toHaveValue('2026-05-01');
    expect(time).toHaveAttribute('type', 'text');
    expect(time).toHaveValue('09:15');
    expect(screen.getByText('Día y hora')).toBeInTheDocument();

    fireEvent.change(date, { target: { value: '2026-06-15' } });
    await userEvent.clear(time);
    await userEvent.type(time, '18:30');
    expect(time).toHaveValue('18:30');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cita: '2026-06-15T18:30' }));

    // A typed '7:5' is completed on leaving the field.
    await userEvent.clear(time);
    await userEvent.type(time, '7:5');
    await userEvent.tab();
    expect(time).toHaveValue('07:05');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSave).toHaveBeenLastCalledWith({ cita: '2026-06-15T07:05' }));
  });

  it("a day without a time, or none at all, gets the schema's message in place of the hint", async () => {
    const onSave = vi.fn();
    renderWithProviders(<DateTimeForm onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Elige la fecha y la hora')).toBeInTheDocument();
    expect(screen.queryByText('Día y hora')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Cita/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /^Hora/ })).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText(/^Cita/), { target: { value: '2026-06-15' } });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Elige la fecha y la hora')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("to the second: typed digits become HH:mm:ss, a browser's .000 is dropped", async () => {
    const onSave = vi.fn();
    renderWithProviders(<DateTimeForm onSave={onSave} withSeconds initial="2026-12-31T17:59:59.000" />);
    const time = screen.getByRole('textbox', { name: /^Hora/ });
    expect(time).toHaveValue('17:59:59');
    await userEvent.clear(time);
    await userEvent.type(time, '183005');
    expect(time).toHaveValue('18:30:05');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cita: '2026-12-31T18:30:05' }));
  });
});
