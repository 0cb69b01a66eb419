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
  Stack,
  Typography,
} from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { AccountSelectField } from '../../../components/ui/account-select-field';
import {
  DateFormField,
  MoneyFormField,
  MultilineFormField,
  SelectFormField,
  TextFormField,
} from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { ApiError } from '../../../lib/api-client';
import { ExpenseNotSavedError, useCreateExpense } from '../api/create-expense';
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

const STATUS_OPTIONS = EXPENSE_STATUSES.map((s) => ({ value: s, label: s }));

/** Accounts an expense can be paid from: active offices and banks (adjustments are not money). */
export function expenseAccounts(accounts: readonly Account[]): Account[] {
  const order = (a: Account) => (a.grupo === 'banco' ? 1 : 0);
  return accounts.filter((a) => a.activo && isIncomeGroup(a.grupo)).sort((a, b) => order(a) - order(b));
}

/**
 * 'Registrar gasto' (docs/business-rules.md "Screens" and "Finance"): amount ($100 by default), description, category and account
 * required; scheduled payment today + 30 days; payment date, status and note. POST
 * /api/MovimientoFinancieroGasto; the form keeps what was typed on an error and starts over after a save.
 */
export function ExpenseForm() {
  const { enqueueSnackbar } = useSnackbar();
  const categories = useExpenseCategories();
  const create = useCreateExpense();
  const today = businessDate(new Date());
  const { form, formError, setFormError } = useFormKit<ExpenseFormState, ExpenseInput>({
    resolver: expenseFormResolver,
    defaultValues: newExpenseValues(today),
  });
  const { control, setError, setValue, getValues, reset } = form;
  const categoryOptions = (categories.data ?? []).map((c) => ({
    value: c.id,
    label: (
      <>
        <ListItemIcon sx={{ minWidth: 32 }}>
          <CategoryIcon name={c.icono} />
        </ListItemIcon>
        {c.nombre}
      </>
    ),
  }));

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
        <Box component="form" noValidate onSubmit={form.handleSubmit(save)} aria-label="Registrar gasto">
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
            <MoneyFormField control={control} name="monto" label="Monto" required />
            <SelectFormField
              control={control}
              name="idGasto"
              label="Categoría"
              required
              options={categoryOptions}
              disabled={categories.isPending}
              invalid={categories.isError}
              helperText={
                categories.isError ? 'No se pudieron cargar las categorías' : categories.isPending ? 'Cargando…' : ' '
              }
              slotProps={{
                select: { renderValue: (v) => categories.data?.find((c) => c.id === v)?.nombre ?? '' },
              }}
            />
            <AccountSelectField
              control={control}
              name="idCuenta"
              label="Cuenta"
              required
              filter={expenseAccounts}
              helperText="De dónde sale el dinero"
            />
            <TextFormField
              control={control}
              name="descripcion"
              label="Descripción"
              required
              autoComplete="off"
              placeholder="Ej. Recibo de luz de la oficina Aurrera"
              helperText=" "
              sx={{ gridColumn: '1 / -1' }}
            />
            <DateFormField
              control={control}
              name="fechaPagoProgramada"
              label="Fecha programada de pago"
              max={maxScheduledDate(today)}
              helperText="Cuándo hay que pagarlo"
            />
            <DateFormField
              control={control}
              name="fechaRealizacion"
              label="Fecha de pago"
              max={today}
              helperText="Déjala vacía si aún no se paga"
              onValueChange={(value) => {
                if (value) setValue('estadoPago', 'Pagado');
              }}
            />
            <SelectFormField
              control={control}
              name="estadoPago"
              label="Estado"
              options={STATUS_OPTIONS}
              helperText=" "
              onValueChange={(status) => onStatusChange(status as ExpenseStatus)}
            />
            <MultilineFormField
              control={control}
              name="nota"
              label="Nota"
              minRows={2}
              maxRows={6}
              placeholder="Folio, proveedor, periodo… (opcional)"
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
