import { formatNumber, SERVICE_TYPES, type Contract } from '@airlink/domain';
import type { Control } from 'react-hook-form';
import { SelectFormField, TextFormField } from '../../../components/ui/form-fields';
import { usePlans } from '../../../lib/reference-data';
import { speedText } from '../../../lib/speed-text';
import type { ContractFormValues } from '../contract-form-values';

/**
 * The contract form's plan select (`tipo` is the plan's id): the plans of GET /api/planes with their speeds and
 * monthly amount; choosing one sets the monthly amount to the plan's (`onMonthly`). While the plans load, or if
 * they cannot, the spec's service types are offered without speeds.
 */
export function PlanSelectField({
  control,
  onMonthly,
}: {
  control: Control<ContractFormValues, unknown, unknown>;
  onMonthly: (monthly: number) => void;
}) {
  const plans = usePlans();
  const options = plans.data
    ? plans.data.map((p) => ({
        value: p.id,
        label: `${p.nombre} · ${speedText(p.bajadaMbps, p.subidaMbps)} · $${formatNumber(p.monto)} al mes`,
      }))
    : SERVICE_TYPES.map((t) => ({ value: t.value, label: `${t.name} · $${formatNumber(t.monthly)} al mes` }));
  const monthlyOf = (id: number) =>
    plans.data ? plans.data.find((p) => p.id === id)?.monto : SERVICE_TYPES.find((t) => t.value === id)?.monthly;
  return (
    <SelectFormField
      control={control}
      name="tipo"
      label="Tipo de servicio (plan)"
      required
      fullWidth
      options={options}
      helperText={
        plans.isError
          ? 'No se pudieron cargar las velocidades de los planes'
          : 'Fija la mensualidad y la velocidad en el router'
      }
      onValueChange={(id) => {
        const monthly = id === null ? undefined : monthlyOf(id);
        if (monthly !== undefined) onMonthly(monthly);
      }}
    />
  );
}

/**
 * What the router did with a saved contract, said honestly: done only when the router confirmed it
 * (`estadoRed` 'aplicado'), else still pending or the router's Spanish reason. Null without a router.
 */
export function routerOutcome(
  c: Pick<Contract, 'idRouter' | 'estadoRed' | 'estadoRedMensaje'>,
): { message: string; variant: 'success' | 'info' | 'warning' } | null {
  if (c.idRouter === null || c.estadoRed === null) return null;
  if (c.estadoRed === 'aplicado') return { message: 'El router ya tiene los datos del contrato.', variant: 'success' };
  if (c.estadoRed === 'pendiente')
    return {
      message: 'El router aún no confirma el cambio; se reintenta solo y el panel muestra el resultado.',
      variant: 'info',
    };
  return {
    message: `El router no aplicó el cambio: ${(c.estadoRedMensaje ?? 'no respondió').replace(/\.$/, '')}. Se reintentará.`,
    variant: 'warning',
  };
}

/**
 * The PPPoE password of the customer's secret on the router: sealed on the server and never shown; empty keeps the
 * stored one, and a new secret without one gets a generated password.
 */
export function PppoePasswordField({
  control,
  stored,
}: {
  control: Control<ContractFormValues, unknown, unknown>;
  stored: boolean;
}) {
  return (
    <TextFormField
      control={control}
      name="passwordPppoe"
      label="Contraseña PPPoE"
      type="password"
      autoComplete="new-password"
      fullWidth
      helperText={
        stored
          ? 'Hay una contraseña guardada: déjala vacía para conservarla.'
          : 'Vacía: AirLink genera una al crear el usuario en el router.'
      }
    />
  );
}
