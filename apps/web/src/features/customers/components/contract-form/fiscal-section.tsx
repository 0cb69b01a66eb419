import { canDo } from '@airlink/domain';
import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useSession } from '../../../../lib/session-context';
import { FiscalDataSection } from '../../../invoicing';
import { type ContractForm, FormSection, span } from './form-section';

/**
 * 'Datos fiscales' (issue 26, level 16): the receiver of the contract's invoices, saved on its own from its dialog
 * (never with the contract); a new contract gets them once created.
 */
export function FiscalSection({
  control,
  contratoId,
}: {
  control: ContractForm['control'];
  contratoId: number | null;
}) {
  const { level } = useSession();
  const facturar = useWatch({ control, name: 'facturar' });
  if (!canDo(level, 'invoices.issue')) return null;
  return (
    <FormSection title="Datos fiscales">
      <Box sx={span(6)}>
        <FiscalDataSection contratoId={contratoId} facturar={Boolean(facturar)} />
      </Box>
    </FormSection>
  );
}
