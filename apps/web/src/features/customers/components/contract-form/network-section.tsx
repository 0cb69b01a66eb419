import { canDo } from '@airlink/domain';
import { Box, TextField } from '@mui/material';
import { SelectFormField, TextFormField } from '../../../../components/ui/form-fields';
import { useSession } from '../../../../lib/session-context';
import { routerName, useRoutersForContract } from '../../api/list-routers';
import { PppoePasswordField } from '../contract-plan-section';
import { type ContractForm, FormSection, noAutofill, span } from './form-section';

export interface NetworkSectionProps {
  control: ContractForm['control'];
  /** The router stored on the contract (null: none), choosable even before the routers list loads. */
  initialRouterId: number | null;
  /** Whether the contract has a PPPoE password stored (never sent to the browser). */
  storedPassword: boolean;
}

/** 'Red': the router that cuts and reconnects (only an administrator changes it), the PPPoE user and password, the IP. */
export function NetworkSection({ control, initialRouterId, storedPassword }: NetworkSectionProps) {
  const { level } = useSession();
  const routers = useRoutersForContract(level);
  const routerEditable = canDo(level, 'network.manage');
  const routerOptions = (routers.data ?? []).map((r) => ({
    value: r.id,
    label: r.activo ? routerName(r) : `${routerName(r)} (inactivo)`,
  }));
  // The stored router stays choosable while the list loads (or if it is not in it).
  if (initialRouterId !== null && !routerOptions.some((o) => o.value === initialRouterId)) {
    routerOptions.unshift({ value: initialRouterId, label: `Router ${initialRouterId}` });
  }

  return (
    <FormSection title="Red">
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
            value={initialRouterId === null ? 'Sin router' : `Router ${initialRouterId}`}
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
        <PppoePasswordField control={control} stored={storedPassword} />
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
    </FormSection>
  );
}
