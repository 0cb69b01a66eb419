import { useMemo, useState } from 'react';
import { EXPENSE_STATUSES, type Account, type ExpenseInput, type ExpenseStatus, isIncomeGroup } from '@airlink/domain';
import { businessDate } from '../../../lib/business-time';
import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  ListItemIcon,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { MoneyField } from '../../../components/ui/money-field';
import { ApiError } from '../../../lib/api-client';
import { ExpenseNotSavedError, useCreateExpense } from '../api/create-expense';
import { useAccounts } from '../../../lib/reference-data';
import { useExpenseCategories } from '../api/list-expense-categories';
import {
  EXPENSE_FORM_FIELDS,
  expenseFormResolver,
  maxScheduledDate,
  newExpenseValues,
  type ExpenseFormState,
} from '../expense-form-values';
import { CategoryIcon } from './category-icon';
import { applyServerErrors } from '../../../lib/apply-server-errors';

/** Accounts an expense can be paid from: active offices and banks (adjustments are not money). */
export function expenseAccounts(accounts: readonly Account[]): Account[] {
  const order = (a: Account) => (a.grupo === 'banco' ? 1 : 0);
  return accounts.filter((a) => a.activo && isIncomeGroup(a.grupo)).sort((a, b) => order(a) - order(b));
}

const dateSlotProps = (min?: string, max?: string) => ({
  inputLabel: { shrink: true },
  htmlInput: { min, max },
});

/**
 * 'Registrar gasto' (spec 001 sections 2, 5, 8): amount ($100 by default), description, category and account
 * required; scheduled payment today + 30 days; payment date, status and note. POST
 * /api/MovimientoFinancieroGasto; the form keeps what was typed on an error and starts over after a save.
 */
export function ExpenseForm() {
  const { enqueueSnackbar } = useSnackbar();
  const categories = useExpenseCategories();
  const accounts = useAccounts();
  const create = useCreateExpense();
  const [formError, setFormError] = useState<string | null>(null);
  const today = businessDate(new Date());
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    formState: { errors },
  } = useForm<ExpenseFormState, unknown, ExpenseInput>({
    resolver: expenseFormResolver,
    defaultValues: newExpenseValues(today),
  });

  const accountOptions = useMemo(() => expenseAccounts(accounts.data ?? []), [accounts.data]);

  const save = async (values: ExpenseInput) => {
    setFormError(null);
    try {
      await create.mutateAsync(values);
      enqueueSnackbar('Gasto agregado correctamente', { variant: 'success' });
      reset(newExpenseValues(businessDate(new Date())));
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        enqueueSnackbar('Error de conexión', { variant: 'error' });
        setFormError('No se pudo conectar con el servidor. El gasto no se guardó; intenta de nuevo.');
        return;
      }
      // Every field error found its field: the form shows them and needs no other message.
      if (applyServerErrors(error, EXPENSE_FORM_FIELDS, setError) === null) return;
      enqueueSnackbar('Error al guardar el gasto', { variant: 'error' });
      setFormError(
        error instanceof ExpenseNotSavedError || !(error instanceof Error)
          ? 'El servidor no confirmó el gasto. Revisa la lista antes de intentarlo de nuevo.'
          : error.message,
      );
    }
  };

  const onStatusChange = (status: ExpenseStatus) => {
    // A paid expense has a payment date; any other status has none (the server refuses the mix).
    if (status !== 'Pagado' && getValues('fechaRealizacion')) setValue('fechaRealizacion', '');
  };

  return (
    <Card component="section" aria-labelledby="expense-form-title">
      <CardHeader
        title="Registrar gasto"
        slotProps={{
          title: { id: 'expense-form-title', variant: 'h6', component: 'h2' },
          subheader: { variant: 'body2' },
        }}
        subheader="Monto, descripción, categoría y cuenta son obligatorios."
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Box component="form" noValidate onSubmit={handleSubmit(save)} aria-label="Registrar gasto">
          {formError && (
            <Alert severity="error" sx={{ mb: 2 }} onClose={() => setFormError(null)}>
              {formError}
            </Alert>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            <Controller
              control={control}
              name="monto"
              render={({ field, fieldState }) => (
                <MoneyField
                  {...field}
                  label="Monto"
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="idGasto"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Categoría"
                  required
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                  onBlur={field.onBlur}
                  disabled={categories.isPending}
                  error={Boolean(fieldState.error) || categories.isError}
                  helperText={
                    fieldState.error?.message ??
                    (categories.isError
                      ? 'No se pudieron cargar las categorías'
                      : categories.isPending
                        ? 'Cargando…'
                        : ' ')
                  }
                  slotProps={{
                    select: {
                      renderValue: (v) => categories.data?.find((c) => c.id === v)?.nombre ?? '',
                    },
                  }}
                >
                  {(categories.data ?? []).map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      <ListItemIcon sx={{ minWidth: 32 }}>
                        <CategoryIcon name={c.icono} />
                      </ListItemIcon>
                      {c.nombre}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="idCuenta"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Cuenta"
                  required
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                  onBlur={field.onBlur}
                  disabled={accounts.isPending}
                  error={Boolean(fieldState.error) || accounts.isError}
                  helperText={
                    fieldState.error?.message ??
                    (accounts.isError
                      ? 'No se pudieron cargar las cuentas'
                      : accounts.isPending
                        ? 'Cargando…'
                        : 'De dónde sale el dinero')
                  }
                >
                  {accountOptions.map((a) => (
                    <MenuItem key={a.id} value={a.id}>
                      {a.nombre}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              {...register('descripcion')}
              label="Descripción"
              required
              autoComplete="off"
              placeholder="Ej. Recibo de luz de la oficina Aurrera"
              error={Boolean(errors.descripcion)}
              helperText={errors.descripcion?.message ?? ' '}
              sx={{ gridColumn: '1 / -1' }}
            />
            <TextField
              {...register('fechaPagoProgramada')}
              type="date"
              label="Fecha programada de pago"
              error={Boolean(errors.fechaPagoProgramada)}
              helperText={errors.fechaPagoProgramada?.message ?? 'Cuándo hay que pagarlo'}
              slotProps={dateSlotProps(undefined, maxScheduledDate(today))}
            />
            <TextField
              {...register('fechaRealizacion', {
                onChange: (e: { target: { value: string } }) => {
                  if (e.target.value) setValue('estadoPago', 'Pagado');
                },
              })}
              type="date"
              label="Fecha de pago"
              error={Boolean(errors.fechaRealizacion)}
              helperText={errors.fechaRealizacion?.message ?? 'Déjala vacía si aún no se paga'}
              slotProps={dateSlotProps(undefined, today)}
            />
            <Controller
              control={control}
              name="estadoPago"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Estado"
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onChange={(e) => {
                    const status = e.target.value as ExpenseStatus;
                    field.onChange(status);
                    onStatusChange(status);
                  }}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? ' '}
                >
                  {EXPENSE_STATUSES.map((s) => (
                    <MenuItem key={s} value={s}>
                      {s}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              {...register('nota')}
              label="Nota"
              multiline
              minRows={2}
              maxRows={6}
              placeholder="Folio, proveedor, periodo… (opcional)"
              error={Boolean(errors.nota)}
              helperText={errors.nota?.message}
              sx={{ gridColumn: '1 / -1' }}
            />
          </Box>
          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={1.5}
            sx={{ mt: 2, justifyContent: 'flex-end', alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
              Con fecha de pago el gasto queda como Pagado.
            </Typography>
            <Button
              color="inherit"
              disabled={create.isPending}
              onClick={() => {
                setFormError(null);
                reset(newExpenseValues(businessDate(new Date())));
              }}
            >
              Limpiar
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={create.isPending}
              startIcon={create.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <AddIcon />}
            >
              Agregar gasto
            </Button>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
