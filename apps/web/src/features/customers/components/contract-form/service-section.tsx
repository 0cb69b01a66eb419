import { defaultInstallationCost } from '@airlink/domain';
import { Box } from '@mui/material';
import type { RefObject } from 'react';
import {
  DateFormField,
  DateTimeFormField,
  MoneyFormField,
  TextFormField,
  ToggleFormField,
} from '../../../../components/ui/form-fields';
import { PlanSelectField } from '../contract-plan-section';
import { type ContractForm, FormSection, noAutofill, span } from './form-section';

export interface ServiceSectionProps {
  form: ContractForm;
  /** Whether the installation cost was typed by hand (then it no longer follows the monthly amount). */
  installationByHandRef: RefObject<boolean>;
}

/**
 * 'Servicio': the plan (it sets the monthly amount, and the installation cost to monthly + 1000 unless
 * typed by hand), the amounts, the dates, the equipment's MAC, the group and the invoice flag.
 */
export function ServiceSection({ form, installationByHandRef }: ServiceSectionProps) {
  const { control, setValue } = form;
  const followMonthly = (monthly: number | null) => {
    if (monthly === null || installationByHandRef.current) return;
    setValue('costoInstalacion', defaultInstallationCost(monthly), { shouldDirty: true });
  };

  return (
    <FormSection title="Servicio">
      <Box sx={span(6)}>
        <PlanSelectField
          control={control}
          onMonthly={(monthly) => {
            setValue('monto', monthly, { shouldDirty: true, shouldValidate: true });
            followMonthly(monthly);
          }}
        />
      </Box>
      <Box sx={span(3)}>
        <MoneyFormField
          control={control}
          name="monto"
          label="Mensualidad"
          required
          fullWidth
          onValueChange={followMonthly}
        />
      </Box>
      <Box sx={span(3)}>
        <MoneyFormField
          control={control}
          name="costoInstalacion"
          label="Costo de instalación"
          required
          fullWidth
          helperText="Por omisión: mensualidad + $1,000"
          onValueChange={() => {
            installationByHandRef.current = true;
          }}
        />
      </Box>
      <Box sx={span(3)}>
        <DateFormField
          control={control}
          name="fechaContratacion"
          label="Fecha de contratación"
          required
          fullWidth
          slotProps={noAutofill()}
        />
      </Box>
      <Box sx={span(3)}>
        <DateTimeFormField
          control={control}
          name="fechaAgenda"
          label="Fecha de instalación (agenda)"
          helperText="Opcional"
          fullWidth
          slotProps={noAutofill()}
        />
      </Box>
      <Box sx={span(3)}>
        <TextFormField
          control={control}
          name="mac"
          label="MAC del equipo"
          helperText="AA:BB:CC:DD:EE:FF (opcional)"
          fullWidth
          slotProps={noAutofill({ spellCheck: false })}
        />
      </Box>
      <Box sx={span(3)}>
        <TextFormField
          control={control}
          name="idGrupo"
          label="Grupo"
          type="number"
          helperText="0 si no pertenece a un grupo"
          fullWidth
          slotProps={noAutofill({ min: 0, max: 1000 })}
        />
      </Box>
      <Box sx={span(6)}>
        <ToggleFormField control={control} name="facturar" label="Requiere factura (los pagos llevan 16% de IVA)" />
      </Box>
    </FormSection>
  );
}
