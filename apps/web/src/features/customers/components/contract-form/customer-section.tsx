import { Box } from '@mui/material';
import { TextFormField } from '../../../../components/ui/form-fields';
import { type ContractForm, FormSection, noAutofill, span } from './form-section';

/** 'Cliente': the customer's name, phone and email. */
export function CustomerSection({ control, autoFocus }: { control: ContractForm['control']; autoFocus: boolean }) {
  return (
    <FormSection title="Cliente">
      <Box sx={span(6)}>
        <TextFormField
          control={control}
          name="nombre"
          label="Nombre completo"
          required
          autoFocus={autoFocus}
          fullWidth
          slotProps={noAutofill()}
        />
      </Box>
      <Box sx={span(3)}>
        <TextFormField
          control={control}
          name="telefono"
          label="Teléfono"
          type="tel"
          required
          fullWidth
          helperText="10 dígitos"
          slotProps={noAutofill({ inputMode: 'tel' })}
        />
      </Box>
      <Box sx={span(3)}>
        <TextFormField control={control} name="email" label="Correo" type="email" fullWidth slotProps={noAutofill()} />
      </Box>
    </FormSection>
  );
}
