import type { ContractInput } from '@airlink/domain';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { useFormKit } from '../../../../components/ui/use-form-kit';
import type { ContractFormValues } from '../../contract-form-values';

/** The contract form (react-hook-form through the form kit) as each section gets it. */
export type ContractForm = ReturnType<typeof useFormKit<ContractFormValues, ContractInput>>['form'];

/** One section of the contract form: a legend over a 6-column grid (one column on phones). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
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
export const noAutofill = (htmlInput: Record<string, unknown> = {}) => ({
  htmlInput: { autoComplete: 'off', ...htmlInput },
});

/** Grid span of a field on screens from sm up (6 columns). */
export const span = (n: number) => ({ gridColumn: { sm: `span ${n}` } });
