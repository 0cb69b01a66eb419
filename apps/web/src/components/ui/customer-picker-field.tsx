import type { CustomerSearchResult } from '@airlink/domain';
import { Box, Typography } from '@mui/material';
import type { FieldValues } from 'react-hook-form';
import { customerSearchQueryOptions } from '../../lib/customer-search';
import { AsyncPickerField, type AsyncPickerFieldProps } from './async-picker-field';

export type CustomerPickerFieldProps<T extends FieldValues, TOut = T> = Omit<
  AsyncPickerFieldProps<T, CustomerSearchResult, TOut>,
  'queryOptions' | 'getOptionLabel' | 'renderOption' | 'label'
> & { label?: string };

/**
 * A customer bound to the form as the contract id, found with the navbar's search (GET
 * /api/customer/search: name first, accent-insensitive). Rows show the name, display id and address.
 */
export function CustomerPickerField<T extends FieldValues, TOut = T>({
  label = 'Cliente',
  ...rest
}: CustomerPickerFieldProps<T, TOut>) {
  return (
    <AsyncPickerField
      {...rest}
      label={label}
      queryOptions={customerSearchQueryOptions}
      getOptionLabel={(c) => c.nombre}
      renderOption={(c) => (
        <Box sx={{ minWidth: 0, opacity: c.activo ? 1 : 0.75 }}>
          <Typography variant="subtitle2" noWrap sx={{ fontWeight: 700 }}>
            {c.nombre}
            {!c.activo && ' (Cancelado)'}
            {c.activo && c.cortado && ' (Suspendido)'}
          </Typography>
          <Typography variant="caption" component="p" color="text.secondary" noWrap>
            {[c.idcliente, c.direccion, c.comunidad].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
      )}
    />
  );
}
