import {
  DEFAULT_VACATION_DAYS,
  DEPARTMENT_NAMES,
  employeeInputSchema,
  keepPosition,
  positionsOf,
  type Employee,
  type EmployeeInput,
} from '@airlink/domain';
import { Box } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useWatch } from 'react-hook-form';
import { DateFormField, MoneyFormField, SelectFormField, TextFormField } from '../../../components/ui/form-fields';
import { FormDialog } from '../../../components/ui/form-dialog';
import { shapedResolver, useFormKit } from '../../../components/ui/use-form-kit';
import { useSaveEmployee } from '../api/save-employee';

/** What the form holds: the salary may be empty (null) and the vacation days are typed as text. */
export interface EmployeeFormValues {
  nombre: string;
  apellido: string;
  email: string;
  telefono: string;
  departamento: string;
  puesto: string;
  fechaIngreso: string;
  salario: number | null;
  diasVacaciones: string;
  estado: 'activo' | 'inactivo';
  direccion: string;
  emergenciaContacto: string;
  emergenciaTelefono: string;
}

function valuesOf(e: Employee | null): EmployeeFormValues {
  return {
    nombre: e?.nombre ?? '',
    apellido: e?.apellido ?? '',
    email: e?.email ?? '',
    telefono: e?.telefono ?? '',
    departamento: e?.departamento ?? '',
    puesto: e?.puesto ?? '',
    fechaIngreso: e?.fechaIngreso ?? '',
    salario: e?.salario ?? null,
    diasVacaciones: String(e?.diasVacaciones ?? DEFAULT_VACATION_DAYS),
    estado: e?.estado === 'inactivo' ? 'inactivo' : 'activo',
    direccion: e?.direccion ?? '',
    emergenciaContacto: e?.emergenciaContacto ?? '',
    emergenciaTelefono: e?.emergenciaTelefono ?? '',
  };
}

/** The payload the domain schema reads: an empty salary is 0 (its message), whole days as a number. */
export function shapeEmployee(v: EmployeeFormValues): unknown {
  const days = v.diasVacaciones.trim();
  return {
    ...v,
    salario: v.salario ?? 0,
    diasVacaciones: /^-?\d+(\.\d+)?$/.test(days) ? Number(days) : days === '' ? undefined : days,
  };
}

const resolver = shapedResolver<EmployeeFormValues, EmployeeInput>(employeeInputSchema, shapeEmployee);
const departmentOptions = DEPARTMENT_NAMES.map((d) => ({ value: d, label: d }));
const stateOptions = [
  { value: 'activo', label: 'Activo' },
  { value: 'inactivo', label: 'Inactivo' },
] as const;

export interface EmployeeFormDialogProps {
  /** The employee to edit, or null for a new one. Mount the dialog only while open. */
  employee: Employee | null;
  onClose: () => void;
}

/** 'Agregar empleado' / 'Editar empleado' with every message of the spec under its field. */
export function EmployeeFormDialog({ employee, onClose }: EmployeeFormDialogProps) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveEmployee();
  const { form, formError, submit } = useFormKit<EmployeeFormValues, EmployeeInput>({
    resolver,
    defaultValues: valuesOf(employee),
  });
  const { control, getValues, setValue } = form;
  const departamento = useWatch({ control, name: 'departamento' });
  const positions = positionsOf(departamento).map((p) => ({ value: p, label: p }));

  const onSave = async (body: EmployeeInput) => {
    await save.mutateAsync({ id: employee?.id, body });
    enqueueSnackbar(employee ? 'Empleado actualizado' : 'Empleado agregado', { variant: 'success' });
    onClose();
  };

  const two = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
  return (
    <FormDialog
      open
      title={employee ? 'Editar empleado' : 'Agregar empleado'}
      onClose={onClose}
      onSubmit={submit(onSave)}
      submitting={save.isPending}
      error={formError}
      maxWidth="md"
    >
      <Box sx={{ ...two, pt: 1 }}>
        <TextFormField control={control} name="nombre" label="Nombre" required autoFocus />
        <TextFormField control={control} name="apellido" label="Apellido" required />
        <TextFormField control={control} name="email" label="Email" type="email" required />
        <TextFormField control={control} name="telefono" label="Teléfono" type="tel" required />
        <SelectFormField
          control={control}
          name="departamento"
          label="Departamento"
          required
          options={departmentOptions}
          onValueChange={(d) => setValue('puesto', keepPosition(d, getValues('puesto')))}
        />
        <SelectFormField
          control={control}
          name="puesto"
          label="Puesto"
          required
          options={positions}
          disabled={positions.length === 0}
          helperText={positions.length === 0 ? 'Elige primero el departamento' : undefined}
        />
        <DateFormField control={control} name="fechaIngreso" label="Fecha de ingreso" required />
        <MoneyFormField control={control} name="salario" label="Salario mensual" required />
        <TextFormField
          control={control}
          name="diasVacaciones"
          label="Días de vacaciones"
          type="number"
          helperText="De 0 a 30 por año"
          slotProps={{ htmlInput: { min: 0, max: 30, step: 1 } }}
        />
        <SelectFormField control={control} name="estado" label="Estado" options={stateOptions} />
        <TextFormField control={control} name="direccion" label="Dirección" required sx={{ gridColumn: '1 / -1' }} />
        <TextFormField control={control} name="emergenciaContacto" label="Contacto de emergencia" required />
        <TextFormField control={control} name="emergenciaTelefono" label="Teléfono de emergencia" type="tel" required />
      </Box>
    </FormDialog>
  );
}
