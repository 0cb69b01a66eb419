import { canDo, fiscalRegime } from '@airlink/domain';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useSession } from '../../../lib/session-context';
import { useFiscalData } from '../api/invoicing-api';
import { FiscalDataDialog } from './fiscal-data-dialog';

/**
 * The 'Datos fiscales' section of the contract form (level 16): the receiver of the contract's invoices, saved
 * on its own (`PUT /api/contratos/{id}/datos-fiscales`) from its dialog. A new contract gets them once created.
 */
export function FiscalDataSection({ contratoId, facturar }: { contratoId: number | null; facturar: boolean }) {
  const allowed = canDo(useSession().level, 'invoices.issue');
  const data = useFiscalData(contratoId ?? 0, allowed && contratoId !== null);
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  if (contratoId === null)
    return (
      <Typography variant="body2" color="text.secondary">
        Los datos fiscales (RFC, régimen, código postal) se capturan después de crear el cliente, desde Editar.
      </Typography>
    );
  const d = data.data;
  return (
    <Box>
      {data.isPending ? (
        <Skeleton variant="text" width="60%" />
      ) : data.isError ? (
        <Alert severity="error">No se pudieron cargar los datos fiscales.</Alert>
      ) : d ? (
        <Stack spacing={0.25} aria-label="Datos fiscales guardados">
          <Typography variant="body2">
            <strong>{d.rfc}</strong> · {d.razonSocial}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Régimen {d.regimenFiscal} {fiscalRegime(d.regimenFiscal)?.nombre ?? ''} · C.P. {d.codigoPostal} · Uso{' '}
            {d.usoCfdi}
            {d.email ? ` · ${d.email}` : ''}
          </Typography>
        </Stack>
      ) : (
        <Typography variant="body2" color={facturar ? 'warning.main' : 'text.secondary'}>
          {facturar
            ? 'Sin datos fiscales: sus pagos no se podrán facturar hasta capturarlos.'
            : 'Sin datos fiscales (solo hacen falta si el cliente pide factura).'}
        </Typography>
      )}
      <Button
        size="small"
        startIcon={<EditIcon />}
        sx={{ mt: 1 }}
        disabled={data.isPending || data.isError}
        onClick={() => setOpen(true)}
      >
        {d ? 'Editar datos fiscales' : 'Capturar datos fiscales'}
      </Button>
      {open && <FiscalDataDialog contratoId={contratoId} data={d ?? null} onClose={() => setOpen(false)} />}
    </Box>
  );
}
