import {
  contractInputSchema,
  defaultInstallationCost,
  monthlyAmountFor,
  SERVICE_TYPES,
  type Contract,
  type ContractInput,
} from '@airlink/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { MoneyField } from '../../../components/ui/money-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateContract } from '../api/create-contract';
import { contractQueryOptions } from '../api/get-contract';
import { useUpdateContract } from '../api/update-contract';
import {
  CONTRACT_FORM_FIELDS,
  contractToValues,
  installationIsDefault,
  newContractValues,
  valuesToPayloadInput,
  type ContractFormValues,
} from '../contract-form-values';
import { applyServerErrors } from '../../../lib/apply-server-errors';

const schemaResolver = zodResolver(contractInputSchema);
/** The shared schema checks the form (Spanish messages), after the form's values are made payload-shaped. */
const resolver: Resolver<ContractFormValues, unknown, ContractInput> = (values, context, options) =>
  schemaResolver(valuesToPayloadInput(values) as never, context, options as never) as ReturnType<
    Resolver<ContractFormValues, unknown, ContractInput>
  >;

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

type TextFieldName = Exclude<keyof ContractFormValues, 'tipo' | 'monto' | 'costoInstalacion' | 'facturar'>;
interface TextOpts {
  required?: boolean;
  type?: 'text' | 'tel' | 'email' | 'date' | 'datetime-local' | 'number';
  hint?: string;
  autoFocus?: boolean;
  htmlInput?: Record<string, unknown>;
}

/** Grid span of a field on screens from sm up (6 columns). */
const span = (n: number) => ({ gridColumn: { sm: `span ${n}` } });

/**
 * The contract data form ('Crear Nuevo Cliente' and Editar): every field of the contract payload,
 * checked with the shared schema. Choosing a service type sets the monthly amount, and the
 * installation cost to monthly + 1000 unless it was changed by hand. Mount it only while open.
 */
export function ContractFormDialog({ contract, onClose, onSaved }: ContractFormDialogProps) {
  const editing = contract !== undefined;
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const createContract = useCreateContract();
  const updateContract = useUpdateContract();
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [version, setVersion] = useState(contract?.version);
  const [initial] = useState(() => (contract ? contractToValues(contract) : newContractValues()));
  // The installation cost follows the monthly amount until the user types their own.
  const installationByHand = useRef(!installationIsDefault(initial));

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors },
  } = useForm<ContractFormValues, unknown, ContractInput>({ resolver, defaultValues: initial });

  const followMonthly = (monthly: number | null) => {
    if (monthly === null || installationByHand.current) return;
    setValue('costoInstalacion', defaultInstallationCost(monthly), { shouldDirty: true });
  };

  const save = async (values: ContractInput) => {
    setFormError(null);
    setConflict(null);
    try {
      const saved =
        contract && version !== undefined
          ? await updateContract.mutateAsync({ id: contract.id, version, body: values })
          : await createContract.mutateAsync(values);
      enqueueSnackbar(editing ? 'Datos del contrato guardados' : 'Cliente creado', { variant: 'success' });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'version_conflict') {
        setConflict(error.message);
        return;
      }
      setFormError(applyServerErrors(error, CONTRACT_FORM_FIELDS, setError));
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

  const text = (name: TextFieldName, label: string, opts: TextOpts = {}) => {
    const error = errors[name];
    return (
      <TextField
        {...register(name)}
        label={label}
        fullWidth
        error={Boolean(error)}
        helperText={error?.message ?? opts.hint}
        required={opts.required}
        type={opts.type ?? 'text'}
        autoFocus={opts.autoFocus}
        slotProps={{
          htmlInput: { autoComplete: 'off', ...opts.htmlInput },
          ...(opts.type === 'date' || opts.type === 'datetime-local' ? { inputLabel: { shrink: true } } : {}),
        }}
      />
    );
  };

  const submitting = createContract.isPending || updateContract.isPending;

  return (
    <FormDialog
      open
      title={editing ? 'Editar datos del contrato' : 'Crear Nuevo Cliente'}
      onClose={onClose}
      onSubmit={handleSubmit(save)}
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
        <Box sx={span(6)}>{text('nombre', 'Nombre completo', { required: true, autoFocus: !editing })}</Box>
        <Box sx={span(3)}>
          {text('telefono', 'Teléfono', {
            required: true,
            type: 'tel',
            hint: '10 dígitos',
            htmlInput: { inputMode: 'tel' },
          })}
        </Box>
        <Box sx={span(3)}>{text('email', 'Correo', { type: 'email' })}</Box>
      </Section>

      <Section title="Domicilio">
        <Box sx={span(4)}>{text('calle', 'Calle', { required: true })}</Box>
        <Box sx={span(2)}>{text('numero', 'Número')}</Box>
        <Box sx={span(3)}>{text('colonia', 'Colonia', { required: true })}</Box>
        <Box sx={span(3)}>{text('comunidad', 'Comunidad', { required: true, hint: 'Localidad o municipio' })}</Box>
        <Box sx={span(3)}>{text('estado', 'Estado')}</Box>
        <Box sx={span(3)}>{text('cp', 'Código postal', { htmlInput: { inputMode: 'numeric', maxLength: 5 } })}</Box>
      </Section>

      <Section title="Servicio">
        <Box sx={span(6)}>
          <Controller
            control={control}
            name="tipo"
            render={({ field, fieldState }) => (
              <TextField
                select
                label="Tipo de servicio"
                required
                fullWidth
                name={field.name}
                inputRef={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(e) => {
                  const tipo = Number(e.target.value);
                  field.onChange(tipo);
                  const monthly = monthlyAmountFor(tipo);
                  if (monthly !== undefined) {
                    setValue('monto', monthly, { shouldDirty: true, shouldValidate: true });
                    followMonthly(monthly);
                  }
                }}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'Fija la mensualidad del servicio'}
              >
                {SERVICE_TYPES.map((t) => (
                  <MenuItem key={t.value} value={t.value}>
                    {t.name} · ${t.monthly.toLocaleString('es-MX')} al mes
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Box>
        <Box sx={span(3)}>
          <Controller
            control={control}
            name="monto"
            render={({ field, fieldState }) => (
              <MoneyField
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(v) => {
                  field.onChange(v);
                  followMonthly(v);
                }}
                label="Mensualidad"
                required
                fullWidth
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        </Box>
        <Box sx={span(3)}>
          <Controller
            control={control}
            name="costoInstalacion"
            render={({ field, fieldState }) => (
              <MoneyField
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onChange={(v) => {
                  installationByHand.current = true;
                  field.onChange(v);
                }}
                label="Costo de instalación"
                required
                fullWidth
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ?? 'Por omisión: mensualidad + $1,000'}
              />
            )}
          />
        </Box>
        <Box sx={span(3)}>{text('fechaContratacion', 'Fecha de contratación', { required: true, type: 'date' })}</Box>
        <Box sx={span(3)}>
          {text('fechaAgenda', 'Fecha de instalación (agenda)', { type: 'datetime-local', hint: 'Opcional' })}
        </Box>
        <Box sx={span(3)}>
          {text('mac', 'MAC del equipo', { hint: 'AA:BB:CC:DD:EE:FF (opcional)', htmlInput: { spellCheck: false } })}
        </Box>
        <Box sx={span(3)}>
          {text('idGrupo', 'Grupo', {
            type: 'number',
            hint: '0 si no pertenece a un grupo',
            htmlInput: { min: 0, max: 1000 },
          })}
        </Box>
        <Box sx={span(6)}>
          <Controller
            control={control}
            name="facturar"
            render={({ field, fieldState }) => (
              <>
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                      name={field.name}
                    />
                  }
                  label="Requiere factura (los pagos llevan 16% de IVA)"
                />
                {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
              </>
            )}
          />
        </Box>
      </Section>
    </FormDialog>
  );
}
