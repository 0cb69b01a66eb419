import { Stack, Typography } from '@mui/material';
import type { Path } from 'react-hook-form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { MoneyFormField, TextFormField, ToggleFormField } from '../../../components/ui/form-fields';
import { numberOrNull, numberText } from '../../../components/ui/form-numbers';
import { shapedResolver, useFormKit } from '../../../components/ui/use-form-kit';
import { planInputSchema, type Plan, type PlanInput } from '@airlink/domain';
import { useSnackbar } from '../../../lib/toast';
import { useUpdatePlan } from '../api/update-plan';

interface BurstValues {
  bajadaMbps: string;
  subidaMbps: string;
  umbralBajadaMbps: string;
  umbralSubidaMbps: string;
  segundos: string;
}

/** What the dialog holds: speeds as typed text (the schema answers 'debe ser un número'), the burst behind a switch. */
export interface PlanFormValues {
  nombre: string;
  monto: number | null;
  bajadaMbps: string;
  subidaMbps: string;
  conRafaga: boolean;
  rafaga: BurstValues;
}

function valuesOf(plan: Plan): PlanFormValues {
  const r = plan.rafaga;
  return {
    nombre: plan.nombre,
    monto: plan.monto,
    bajadaMbps: numberText(plan.bajadaMbps),
    subidaMbps: numberText(plan.subidaMbps),
    conRafaga: r !== null,
    rafaga: {
      bajadaMbps: numberText(r?.bajadaMbps),
      subidaMbps: numberText(r?.subidaMbps),
      umbralBajadaMbps: numberText(r?.umbralBajadaMbps),
      umbralSubidaMbps: numberText(r?.umbralSubidaMbps),
      segundos: numberText(r?.segundos),
    },
  };
}

/** The payload the schema reads: empty speeds are missing numbers, the burst is null while switched off. */
function shape(v: PlanFormValues): Record<string, unknown> {
  const n = (text: string) => numberOrNull(text) ?? undefined;
  return {
    nombre: v.nombre,
    monto: v.monto ?? undefined,
    bajadaMbps: n(v.bajadaMbps),
    subidaMbps: n(v.subidaMbps),
    rafaga: v.conRafaga
      ? {
          bajadaMbps: n(v.rafaga.bajadaMbps),
          subidaMbps: n(v.rafaga.subidaMbps),
          umbralBajadaMbps: n(v.rafaga.umbralBajadaMbps),
          umbralSubidaMbps: n(v.rafaga.umbralSubidaMbps),
          segundos: n(v.rafaga.segundos),
        }
      : null,
  };
}

const resolver = shapedResolver<PlanFormValues, PlanInput>(planInputSchema, shape);

/** Where the server's `details` land (its keys are the payload's, the burst ones dotted). */
const SERVER_FIELDS: Path<PlanFormValues>[] = [
  'nombre',
  'monto',
  'bajadaMbps',
  'subidaMbps',
  'rafaga.bajadaMbps',
  'rafaga.subidaMbps',
  'rafaga.umbralBajadaMbps',
  'rafaga.umbralSubidaMbps',
  'rafaga.segundos',
];

const MBPS_HINT = 'Mbps, de 0.064 a 10,000';

/**
 * 'Editar plan': name, monthly amount, download and upload Mbps and the optional burst. A new speed reaches every
 * router that serves the plan; contracts keep the monthly amount they were sold at.
 */
export function PlanDialog({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const update = useUpdatePlan();
  const { enqueueSnackbar } = useSnackbar();
  const { form, formError, submit } = useFormKit<PlanFormValues, PlanInput>({
    resolver,
    defaultValues: valuesOf(plan),
    serverFields: SERVER_FIELDS,
  });
  const { control } = form;
  const conRafaga = form.watch('conRafaga');

  const onSubmit = submit(async (input) => {
    const saved = await update.mutateAsync({ id: plan.id, input });
    enqueueSnackbar(`Plan ${saved.nombre} guardado`, { variant: 'success' });
    onClose();
  });

  const row = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;
  const speed = (name: Path<PlanFormValues>, label: string) => (
    <TextFormField
      control={control}
      name={name}
      label={label}
      inputMode="decimal"
      helperText={MBPS_HINT}
      fullWidth
      required
    />
  );
  return (
    <FormDialog
      open
      title={`Editar plan ${plan.nombre}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={update.isPending}
      error={formError}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextFormField control={control} name="nombre" label="Nombre" required fullWidth autoFocus />
        <MoneyFormField
          control={control}
          name="monto"
          label="Mensualidad"
          required
          fullWidth
          helperText="Para los contratos nuevos; los actuales conservan su mensualidad."
        />
        <Stack {...row}>
          {speed('bajadaMbps', 'Bajada')}
          {speed('subidaMbps', 'Subida')}
        </Stack>
        <ToggleFormField control={control} name="conRafaga" label="Ráfaga (burst)" />
        {conRafaga && (
          <>
            <Typography variant="body2" color="text.secondary">
              Mientras el promedio de los últimos segundos esté bajo el umbral, el cliente puede llegar a la velocidad
              de ráfaga.
            </Typography>
            <Stack {...row}>
              {speed('rafaga.bajadaMbps', 'Ráfaga de bajada')}
              {speed('rafaga.subidaMbps', 'Ráfaga de subida')}
            </Stack>
            <Stack {...row}>
              {speed('rafaga.umbralBajadaMbps', 'Umbral de bajada')}
              {speed('rafaga.umbralSubidaMbps', 'Umbral de subida')}
            </Stack>
            <TextFormField
              control={control}
              name="rafaga.segundos"
              label="Segundos"
              inputMode="numeric"
              helperText="Ventana del promedio, de 1 a 3600"
              required
              sx={{ maxWidth: { sm: 200 } }}
            />
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
