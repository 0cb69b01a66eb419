import { companyInputSchema, type Company, type CompanyInput } from '@airlink/domain';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { SaveBar } from '../../../components/ui/save-bar';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { MultilineFormField, TextFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { ApiError } from '../../../lib/api-client';
import { useCompany, useUpdateCompany } from '../../company';
import { fieldResolver } from './field-resolver';
import { LogoField } from './logo-field';

export interface CompanyFormValues {
  nombreComercial: string;
  razonSocial: string;
  rfc: string;
  direccion: string;
  /** The phones as typed, separated by commas. */
  telefonos: string;
  whatsapp: string;
  email: string;
  sitioWeb: string;
  horario: string;
  leyendaRecibo: string;
  logo: string;
}

const EMPTY: CompanyFormValues = {
  nombreComercial: '',
  razonSocial: '',
  rfc: '',
  direccion: '',
  telefonos: '',
  whatsapp: '',
  email: '',
  sitioWeb: '',
  horario: '',
  leyendaRecibo: '',
  logo: '',
};

function valuesOf(c: Company | undefined): CompanyFormValues {
  if (!c) return EMPTY;
  return {
    nombreComercial: c.nombreComercial,
    razonSocial: c.razonSocial,
    rfc: c.rfc,
    direccion: c.direccion,
    telefonos: c.telefonos.join(', '),
    whatsapp: c.whatsapp,
    email: c.email,
    sitioWeb: c.sitioWeb,
    horario: c.horario,
    leyendaRecibo: c.leyendaRecibo,
    logo: c.logo,
  };
}

/** The form's values as PUT /api/empresa reads them (offices and bank accounts keep their stored value). */
export function companyPayload(v: CompanyFormValues): CompanyInput {
  return {
    ...v,
    telefonos: v.telefonos
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  };
}

const resolver = fieldResolver<CompanyFormValues, CompanyInput>(companyInputSchema, companyPayload);

/** 'Empresa': the data printed on contracts and receipts. */
export function CompanyTab() {
  const company = useCompany();
  // Never captured (404): the form starts empty so it can be.
  const missing = company.error instanceof ApiError && company.error.status === 404;
  if (company.isPending) return <CardSkeleton lines={8} />;
  if (company.isError && !missing) {
    return <ErrorState message={company.error.message} onRetry={() => void company.refetch()} />;
  }
  return <CompanyForm company={company.data} missing={missing} />;
}

function CompanyForm({ company, missing }: { company: Company | undefined; missing: boolean }) {
  const update = useUpdateCompany();
  const { enqueueSnackbar } = useSnackbar();
  const { form, formError, submit } = useFormKit<CompanyFormValues, CompanyInput>({
    resolver,
    defaultValues: valuesOf(company),
  });
  const { control } = form;
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

  const save = submit(async (input) => {
    const saved = await update.mutateAsync(input);
    form.reset(valuesOf(saved));
    enqueueSnackbar('Datos de la empresa guardados', { variant: 'success' });
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={save} aria-label="Datos de la empresa">
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Se imprimen en los recibos y contratos.
          </Typography>
          {missing && <Alert severity="info">Aún no hay datos de la empresa: captúralos y guarda.</Alert>}
          {formError && <Alert severity="error">{formError}</Alert>}
          <Box sx={grid}>
            <TextFormField control={control} name="nombreComercial" label="Nombre comercial" required fullWidth />
            <TextFormField control={control} name="razonSocial" label="Razón social" fullWidth />
            <TextFormField
              control={control}
              name="rfc"
              label="RFC"
              required
              fullWidth
              slotProps={{ htmlInput: { style: { textTransform: 'uppercase' }, maxLength: 13 } }}
            />
            <TextFormField
              control={control}
              name="telefonos"
              label="Teléfonos"
              required
              fullWidth
              helperText="Separa varios con comas (hasta 5)."
            />
            <Box sx={{ gridColumn: { md: '1 / -1' } }}>
              <TextFormField control={control} name="direccion" label="Dirección" required fullWidth />
            </Box>
            <TextFormField control={control} name="whatsapp" label="WhatsApp" fullWidth />
            <TextFormField control={control} name="email" label="Correo" type="email" fullWidth />
            <TextFormField control={control} name="sitioWeb" label="Sitio web" fullWidth />
            <TextFormField control={control} name="horario" label="Horario de atención" fullWidth />
            <Box sx={{ gridColumn: { md: '1 / -1' } }}>
              <MultilineFormField
                control={control}
                name="leyendaRecibo"
                label="Leyenda del recibo"
                fullWidth
                minRows={2}
                maxRows={4}
              />
            </Box>
          </Box>
          <LogoField form={form} name="logo" disabled={update.isPending} />
          <SaveBar pending={update.isPending} />
        </Stack>
      </Box>
    </Paper>
  );
}
