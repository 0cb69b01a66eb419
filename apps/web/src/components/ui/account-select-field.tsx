import { useMemo } from 'react';
import type { Account } from '@airlink/domain';
import type { FieldValues } from 'react-hook-form';
import { useAccounts } from '../../lib/reference-data';
import { SelectFormField, type KitFieldProps, type SelectOption } from './form-fields';
import type { TextFieldProps } from '@mui/material';

export type AccountSelectFieldProps<T extends FieldValues, TOut = T> = KitFieldProps<T, TOut> &
  Pick<TextFieldProps, 'label' | 'required' | 'fullWidth' | 'autoFocus' | 'disabled' | 'size' | 'sx'> & {
    /** Which accounts to offer, in order (e.g. only money accounts); by default the active ones. */
    filter?: (accounts: readonly Account[]) => Account[];
    helperText?: string;
    onValueChange?: (idCuenta: number | null) => void;
  };

const activeAccounts = (accounts: readonly Account[]) => accounts.filter((a) => a.activo);

/**
 * An account (office, bank…) bound to the form as its id, from GET /api/cuentas (cached once for every
 * area). While the accounts load it is disabled and says so; when they cannot be loaded it says that.
 */
export function AccountSelectField<T extends FieldValues, TOut = T>({
  filter = activeAccounts,
  helperText,
  disabled,
  label = 'Cuenta',
  ...rest
}: AccountSelectFieldProps<T, TOut>) {
  const accounts = useAccounts();
  const options = useMemo<SelectOption<number>[]>(
    () => filter(accounts.data ?? []).map((a) => ({ value: a.id, label: a.nombre })),
    [accounts.data, filter],
  );
  return (
    <SelectFormField
      {...rest}
      label={label}
      options={options}
      disabled={disabled || accounts.isPending}
      invalid={accounts.isError}
      helperText={
        accounts.isError ? 'No se pudieron cargar las cuentas' : accounts.isPending ? 'Cargando…' : helperText
      }
    />
  );
}
