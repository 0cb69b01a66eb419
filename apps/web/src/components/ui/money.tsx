import { formatMoney } from '@airlink/domain';
import { Box } from '@mui/material';

export interface MoneyProps {
  /** Pesos; a numeric string from the API is accepted too. */
  value: number | string | null | undefined;
}

/** Pesos as '$1,234.50' (es-MX), with digits that line up in columns. */
export function Money({ value }: MoneyProps) {
  return (
    <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatMoney(value)}
    </Box>
  );
}
