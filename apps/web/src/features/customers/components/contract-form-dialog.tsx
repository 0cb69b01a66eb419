import {
  canDo,
  contractInputSchema,
  defaultInstallationCost,
  type Contract,
  type ContractInput,
} from '@airlink/domain';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/toast';
import { useRef, useState, type ReactNode } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import {
  DateFormField,
  DateTimeFormField,
  MoneyFormField,
  SelectFormField,
  TextFormField,
  ToggleFormField,
} from '../../../components/ui/form-fields';
import { shapedResolver, useFormKit } from '../../../components/ui/use-form-kit';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { useCreateContract } from '../api/create-contract';
import { routerName, useRoutersForContract } from '../api/list-routers';
import { contractQueryOptions } from '../api/get-contract';
import { PlanSelectField, PppoePasswordField, routerOutcome } from './contract-plan-section';
import { useUpdateContract } from '../api/update-contract';
import { FiscalDataSection } from '../../invoicing';
import {
  CONTRACT_FORM_FIELDS,
  contractToValues,
  installationIsDefault,
  newContractValues,
  valuesToPayloadInput,
  type ContractFormValues,
} from '../contract-form-values';

/** The shared schema checks the form (Spanish messages), after the form's values are made payload-shaped. */
const resolver = shapedResolver<ContractFormValues, ContractInput>(contractInputSchema, valuesToPayloadInput);

export interface ContractFormDialogProps {
  /** The contract to edit; without it the dialog creates a customer. */
  contract?: Contract;
  onClose: () => void;
  /** Called with the saved contract (after the toast). */
  onSaved?: (contract: Contract) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2.5, minWidth: 0 }}>
      <Typography component="legend" variant="overline" color="text.secondary" sx={{ fontWeight: 700, mb: 1, p: 0 }}>
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(6, minmax(0, 1fr))' },
          gap: 2,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** Browsers do not offer to fill these fields from other forms. */
const noAutofill = (htmlInput: Record<string, unknown> = {}) => ({ htmlInput: { autoComplete: 'off', ...htmlInput } });

/** Grid span of a field on screens from sm up (6 columns). */
const span = (n: number) => ({ gridColumn: { sm: `span ${n}` } });

/**
 * The contract data form ('Crear Nuevo Cliente' and Editar): every field of the contract payload,
 * checked with the shared schema. Choosing a service type sets the monthly amount, and the
 * installation cost to monthly + 1000 unless it was changed by hand. Mount it only while open.
 */
export function ContractFormDialog({ contract, onClose, onSaved }: ContractFormDialogProps) {
  const editing = contract !== undefined;
  const { level } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const createContract = useCreateContract();
  const updateContract = useUpdateContract();
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [version, setVersion] = useState(contract?.version);
  const [initial] = useState(() => (contract ? contractToValues(contract) : newContractValues()));
  // The installation cost follows the monthly amount until the user types their own.
  const installationByHand = useRef(!installationIsDefault(initial));

  const { form, formError, setFormError, submit } = useFormKit<ContractFormValues, ContractInput>({
    resolver,
    defaultValues: initial,
    serverFields: CONTRACT_FORM_FIELDS,
  });
  const { control, setValue, reset } = form;

  const followMonthly = (monthly: number | null) => {
    if (monthly === null || installationByHand.current) return;
    setValue('costoInstalacion', defaultInstallationCost(monthly), { shouldDirty: true });
  };

  const save = async (values: ContractInput) => {
    setConflict(null);
    try {
      const saved =
        contract && version !== undefined
          ? await updateContract.mutateAsync({ id: contract.id, version, body: values })
          : await createContract.mutateAsync(values);
      enqueueSnackbar(editing ? 'Datos del contrato guardados' : 'Cliente creado', { variant: 'success' });
      const outcome = routerOutcome(saved);
      if (outcome) enqueueSnackbar(outcome.message, { variant: outcome.variant });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      // Someone else saved meanwhile: offer to reload; any other failure goes to the fields and the alert.
      if (error instanceof ApiError && error.code === 'version_conflict') setConflict(error.message);
      else throw error;
    }
  };

  const reload = async () => {
    if (!contract) return;
    setReloading(true);
    try {
      await queryClient.invalidateQueries({ queryKey: contractQueryOptions(contract.id).queryKey });
      const fresh = await queryClient.fetchQuery(contractQueryOptions(contract.id));
      const values = contractToValues(fresh);
      installationByHand.current = !installationIsDefault(values);
      reset(values);
      setVersion(fresh.version);
      setConflict(null);
      setFormError(null);
      enqueueSnackbar('Se cargaron los datos actuales. Revisa y vuelve a guardar.', { variant: 'info' });
    } catch (error) {
      setConflict(error instanceof Error ? error.message : 'No se pudieron recargar los datos.');
    } finally {
      setReloading(false);
    }
  };

  const routers = useRoutersForContract(level);
  const routerEditable = canDo(level, 'network.manage');
  const routerOptions = (routers.data ?? []).map((r) => ({
    value: r.id,
    label: r.activo ? routerName(r) : `${routerName(r)} (inactivo)`,
  }));
  // The stored router stays choosable while the list loads (or if it is not in it).
  if (initial.idRouter !== null && !routerOptions.some((o) => o.value === initial.idRouter)) {
    routerOptions.unshift({ value: initial.idRouter, label: `Router ${initial.idRouter}` });
  }

  const submitting = createContract.isPending || updateContract.isPending;
  const facturar = useWatch({ control, name: 'facturar' });

  return (
    <FormDialog
      open
      title={editing ? 'Editar datos del contrato' : 'Crear Nuevo Cliente'}
      onClose={onClose}
      onSubmit={submit(save)}
      submitText={editing ? 'Guardar' : 'Crear cliente'}
      submitting={submitting || reloading}
      error={formError}
      maxWidth="md"
    >
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void reload()} disabled={reloading}>
              Recargar datos
            </Button>
          }
        >
          {conflict}
        </Alert>
      )}
      <Section title="Cliente">
        <Box sx={span(6)}>
          <TextFormField
            control={control}
            name="nombre"
            label="Nombre completo"
            required
            autoFocus={!editing}
            fullWidth
            slotProps={noAutofill()}
          />
        </Box>
        <Box sx={span(3)}>
          <TextFormField
            control={control}
            name="telefono"
            label="Teléfono"
            type="tel"
            required
            fullWidth
            helperText="10 dígitos"
            slotProps={noAutofill({ inputMode: 'tel' })}
          />
        </Box>
        <Box sx={span(3)}>
          <TextFormField
            control={control}
            name="email"
            label="Correo"
            type="email"
            fullWidth
            slotProps={noAutofill()}
          />
        </Box>
      </Section>

      <Section title="Domicilio">
        <Box sx={span(4)}>
          <TextFormField control={control} name="calle" label="Calle" required fullWidth slotProps={noAutofill()} />
        </Box>
        <Box sx={span(2)}>
          <TextFormField control={control} name="numero" label="Número" fullWidth slotProps={noAutofill()} />
        </Box>
        <Box sx={span(3)}>
          <TextFormField control={control} name="colonia" label="Colonia" required fullWidth slotProps={noAutofill()} />
        </Box>
        <Box sx={span(3)}>
          <TextFormField
            control={control}
            name="comunidad"
            label="Comunidad"
            required
            fullWidth
            helperText="Localidad o municipio"
            slotProps={noAutofill()}
          />
        </Box>
        <Box sx={span(3)}>
          <TextFormField control={control} name="estado" label="Estado" fullWidth slotProps={noAutofill()} />
        </Box>
        <Box sx={span(3)}>
          <TextFormField
            control={control}
            name="cp"
            label="Código postal"
            fullWidth
            slotProps={noAutofill({ inputMode: 'numeric', maxLength: 5 })}
          />
        </Box>
      </Section>

      <Section title="Servicio">
        <Box sx={span(6)}>
          <PlanSelectField
            control={control}
            onMonthly={(monthly) => {
              setValue('monto', monthly, { shouldDirty: true, shouldValidate: true });
              followMonthly(monthly);
            }}
          />
        </Box>
        <Box sx={span(3)}>
          <MoneyFormField
            control={control}
            name="monto"
            label="Mensualidad"
            required
            fullWidth
            onValueChange={followMonthly}
          />
        </Box>
        <Box sx={span(3)}>
          <MoneyFormField
            control={control}
            name="costoInstalacion"
            label="Costo de instalación"
            required
            fullWidth
            helperText="Por omisión: mensualidad + $1,000"
            onValueChange={() => {
              installationByHand.current = true;
            }}
          />
        </Box>
        <Box sx={span(3)}>
          <DateFormField
            control={control}
            name="fechaContratacion"
            label="Fecha de contratación"
            required
            fullWidth
            slotProps={noAutofill()}
          />
        </Box>
        <Box sx={span(3)}>
          <DateTimeFormField
            control={control}
            name="fechaAgenda"
            label="Fecha de instalación (agenda)"
            helperText="Opcional"
            fullWidth
            slotProps={noAutofill()}
          />
        </Box>
        <Box sx={span(3)}>
          <TextFormField
            control={control}
            name="mac"
            label="MAC del equipo"
            helperText="AA:BB:CC:DD:EE:FF (opcional)"
            fullWidth
            slotProps={noAutofill({ spellCheck: false })}
          />
        </Box>
        <Box sx={span(3)}>
          <TextFormField
            control={control}
            name="idGrupo"
            label="Grupo"
            type="number"
            helperText="0 si no pertenece a un grupo"
            fullWidth
            slotProps={noAutofill({ min: 0, max: 1000 })}
          />
        </Box>
        <Box sx={span(6)}>
          <ToggleFormField control={control} name="facturar" label="Requiere factura (los pagos llevan 16% de IVA)" />
        </Box>
      </Section>

      <Section title="Red">
        <Box sx={span(2)}>
          {routerEditable ? (
            <SelectFormField
              control={control}
              name="idRouter"
              label="Router"
              fullWidth
              options={routerOptions}
              emptyOption={<em>Sin router</em>}
              invalid={routers.isError}
              helperText={routers.isError ? 'No se pudieron cargar los routers' : 'El que corta y reconecta'}
            />
          ) : (
            <TextField
              label="Router"
              value={initial.idRouter === null ? 'Sin router' : `Router ${initial.idRouter}`}
              fullWidth
              disabled
              helperText="Solo un administrador lo cambia"
            />
          )}
        </Box>
        <Box sx={span(2)}>
          <TextFormField
            control={control}
            name="usuarioPppoe"
            label="Usuario PPPoE"
            helperText="Opcional"
            fullWidth
            slotProps={noAutofill({ spellCheck: false, maxLength: 64 })}
          />
        </Box>
        <Box sx={span(2)}>
          <PppoePasswordField control={control} stored={contract?.tienePasswordPppoe ?? false} />
        </Box>
        <Box sx={span(2)}>
          <TextFormField
            control={control}
            name="ipCliente"
            label="IP del cliente"
            helperText="IPv4, p. ej. 10.20.0.15"
            fullWidth
            slotProps={noAutofill({ spellCheck: false, inputMode: 'decimal', maxLength: 15 })}
          />
        </Box>
      </Section>

      {canDo(level, 'invoices.issue') && (
        <Section title="Datos fiscales">
          <Box sx={span(6)}>
            <FiscalDataSection contratoId={contract?.id ?? null} facturar={Boolean(facturar)} />
          </Box>
        </Section>
      )}
    </FormDialog>
  );
}
