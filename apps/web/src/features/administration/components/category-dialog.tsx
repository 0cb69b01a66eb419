import {
  EXPENSE_CATEGORY_ICONS,
  expenseCategoryInputSchema,
  type ExpenseCategory,
  type ExpenseCategoryInput,
} from '@airlink/domain';
import { Stack } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SelectFormField, TextFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { CategoryIcon, useSaveExpenseCategory } from '../../expenses';
import { fieldResolver } from './field-resolver';

/** Spanish names of the icons a category may have. */
const ICON_LABELS: Record<(typeof EXPENSE_CATEGORY_ICONS)[number], string> = {
  Category: 'General',
  Home: 'Casa / renta',
  Bolt: 'Luz',
  Router: 'Internet / enlace',
  Groups: 'Personal',
  LocalGasStation: 'Combustible',
  Build: 'Herramienta / equipo',
  Description: 'Papelería',
  Handyman: 'Mantenimiento',
  AccountBalance: 'Banco / impuestos',
};

const ICON_OPTIONS = EXPENSE_CATEGORY_ICONS.map((icon) => ({
  value: icon,
  label: (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <CategoryIcon name={icon} color="action" />
      <span>{ICON_LABELS[icon]}</span>
    </Stack>
  ),
}));

type CategoryFormValues = { nombre: string; icono: (typeof EXPENSE_CATEGORY_ICONS)[number] };
type CategoryPayload = ExpenseCategoryInput & CategoryFormValues;

/** Adds a category (`category` null) or edits one: name (unique) and icon. */
export function CategoryDialog({ category, onClose }: { category: ExpenseCategory | null; onClose: () => void }) {
  const save = useSaveExpenseCategory();
  const { enqueueSnackbar } = useSnackbar();
  const icon = EXPENSE_CATEGORY_ICONS.find((i) => i === category?.icono) ?? 'Category';
  const { form, formError, submit } = useFormKit<CategoryFormValues, CategoryPayload>({
    resolver: fieldResolver<CategoryFormValues, CategoryPayload>(expenseCategoryInputSchema, (v) => v),
    defaultValues: { nombre: category?.nombre ?? '', icono: icon },
  });

  const onSubmit = submit(async (input) => {
    const saved = await save.mutateAsync({ id: category?.id ?? null, input });
    enqueueSnackbar(`Categoría ${saved.nombre} guardada`, { variant: 'success' });
    onClose();
  });

  return (
    <FormDialog
      open
      title={category ? 'Editar categoría' : 'Nueva categoría'}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={save.isPending}
      error={formError}
    >
      <Stack spacing={2}>
        <TextFormField control={form.control} name="nombre" label="Nombre" required fullWidth autoFocus />
        <SelectFormField control={form.control} name="icono" label="Ícono" options={ICON_OPTIONS} fullWidth />
      </Stack>
    </FormDialog>
  );
}
