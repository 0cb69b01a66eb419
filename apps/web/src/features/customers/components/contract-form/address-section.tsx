import { Box } from '@mui/material';
import { TextFormField } from '../../../../components/ui/form-fields';
import { type ContractForm, FormSection, noAutofill, span } from './form-section';

/** 'Domicilio': where the service is installed. */
export function AddressSection({ control }: { control: ContractForm['control'] }) {
  return (
    <FormSection title="Domicilio">
      <Box sx={span(4)}>
        <TextFormField control={control} name="calle" label="Calle" required fullWidth slotProps={noAutofill()} />
      </Box>
      <Box sx={span(2)}>
        <TextFormField control={control} name="numero" label="Número" fullWidth slotProps={noAutofill()} />
      </Box>
      <Box sx={span(3)}>
        <TextFormField control={control} name="colonia" label="Colonia" required fullWidth slotProps={noAutofill()} />
      </Box>
      <Box sx={span(3)}>
        <TextFormField
          control={control}
          name="comunidad"
          label="Comunidad"
          required
          fullWidth
          helperText="Localidad o municipio"
          slotProps={noAutofill()}
        />
      </Box>
      <Box sx={span(3)}>
        <TextFormField control={control} name="estado" label="Estado" fullWidth slotProps={noAutofill()} />
      </Box>
      <Box sx={span(3)}>
        <TextFormField
          control={control}
          name="cp"
          label="Código postal"
          fullWidth
          slotProps={noAutofill({ inputMode: 'numeric', maxLength: 5 })}
        />
      </Box>
    </FormSection>
  );
}
