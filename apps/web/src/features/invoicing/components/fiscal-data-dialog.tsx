import { fiscalDataSchema, REGIMENES_FISCALES, usesForRegime, type FiscalData } from '@airlink/domain';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '../../../components/ui/form-dialog';
import { SelectFormField, TextFormField } from '../../../components/ui/form-fields';
import { shapedResolver, useFormKit } from '../../../components/ui/use-form-kit';
import { useSnackbar } from '../../../lib/toast';
import { useSaveFiscalData } from '../api/invoicing-api';

interface Values {
  rfc: string;
  razonSocial: string;
  regimenFiscal: string | null;
  codigoPostal: string;
  usoCfdi: string | null;
  email: string;
}

const valuesOf = (d: FiscalData | null): Values => ({
  rfc: d?.rfc ?? '',
  razonSocial: d?.razonSocial ?? '',
  regimenFiscal: d?.regimenFiscal ?? null,
  codigoPostal: d?.codigoPostal ?? '',
  usoCfdi: d?.usoCfdi ?? null,
  email: d?.email ?? '',
});

/** The shared schema checks the fields (RFC check digit, régimen of the person type, uso allowed): Spanish messages. */
const resolver = shapedResolver<Values, FiscalData>(fiscalDataSchema, (v) => ({
  rfc: v.rfc,
  razonSocial: v.razonSocial,
  regimenFiscal: v.regimenFiscal ?? '',
  codigoPostal: v.codigoPostal,
  usoCfdi: v.usoCfdi ?? '',
  email: v.email.trim() ? v.email.trim() : null,
}));

const REGIMEN_OPTIONS = REGIMENES_FISCALES.map((r) => ({ value: r.clave, label: `${r.clave} · ${r.nombre}` }));

/**
 * 'Datos fiscales' of a contract (issue 26): the receiver of its invoices, as in the customer's Constancia de
 * Situación Fiscal. The uso del CFDI offers only the uses the chosen régimen allows. Mount it only while open.
 */
export function FiscalDataDialog({
  contratoId,
  data,
  intro,
  onClose,
  onSaved,
}: {
  contratoId: number;
  data: FiscalData | null;
  /** Why the dialog opened (e.g. 'Facturar' found no data). */
  intro?: string;
  onClose: () => void;
  onSaved?: (saved: FiscalData) => void;
}) {
  const save = useSaveFiscalData(contratoId);
  const { enqueueSnackbar } = useSnackbar();
  const { form, formError, submit } = useFormKit<Values, FiscalData>({ resolver, defaultValues: valuesOf(data) });
  const regimen = useWatch({ control: form.control, name: 'regimenFiscal' });
  const usos = regimen ? usesForRegime(regimen) : [];

  const onSubmit = submit(async (input) => {
    const saved = await save.mutateAsync(input);
    enqueueSnackbar('Datos fiscales guardados', { variant: 'success' });
    if (saved) onSaved?.(saved);
    onClose();
  });

  return (
    <FormDialog
      open
      title="Datos fiscales"
      onClose={onClose}
      onSubmit={(e) => {
        // Opened from the contract form: React sends a portal's submit up to that form too; it stays here.
        e.stopPropagation();
        return onSubmit(e);
      }}
      submitText="Guardar datos fiscales"
      submitting={save.isPending}
      error={formError}
      maxWidth="sm"
    >
      <Stack spacing={2}>
        {intro && <Alert severity="info">{intro}</Alert>}
        <Typography variant="body2" color="text.secondary">
          Cópialos de la constancia de situación fiscal del cliente: el SAT rechaza la factura si el nombre, el régimen
          o el código postal no coinciden con su RFC.
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <TextFormField
            control={form.control}
            name="rfc"
            label="RFC"
            required
            fullWidth
            helperText="12 o 13 caracteres, con su dígito verificador"
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, maxLength: 20 } }}
          />
          <TextFormField
            control={form.control}
            name="codigoPostal"
            label="Código postal fiscal"
            required
            fullWidth
            helperText="El de la constancia, 5 dígitos"
            slotProps={{ htmlInput: { autoComplete: 'off', inputMode: 'numeric', maxLength: 5 } }}
          />
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>
            <TextFormField
              control={form.control}
              name="razonSocial"
              label="Nombre o razón social"
              required
              fullWidth
              helperText="Exactamente como en la constancia, sin «S.A. de C.V.»"
              slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 300 } }}
            />
          </Box>
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>
            <SelectFormField
              control={form.control}
              name="regimenFiscal"
              label="Régimen fiscal"
              required
              fullWidth
              options={REGIMEN_OPTIONS}
              onValueChange={(value) => {
                const current = form.getValues('usoCfdi');
                if (current && value && !usesForRegime(value).some((u) => u.clave === current))
                  form.setValue('usoCfdi', null);
              }}
            />
          </Box>
          <SelectFormField
            control={form.control}
            name="usoCfdi"
            label="Uso del CFDI"
            required
            fullWidth
            disabled={!regimen}
            helperText={regimen ? 'Los que admite el régimen' : 'Elige primero el régimen'}
            options={usos.map((u) => ({ value: u.clave, label: `${u.clave} · ${u.nombre}` }))}
          />
          <TextFormField
            control={form.control}
            name="email"
            label="Correo para la factura"
            type="email"
            fullWidth
            helperText="Opcional"
            slotProps={{ htmlInput: { autoComplete: 'off' } }}
          />
        </Box>
      </Stack>
    </FormDialog>
  );
}
