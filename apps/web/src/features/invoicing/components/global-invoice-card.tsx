import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { dayText } from '../../../components/ui/date-text';
import { Money } from '../../../components/ui/money';
import { ApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useGlobalPreview, useIssueGlobal } from '../api/invoicing-api';

/**
 * The month's global invoice (level 20): the payments without an invoice of their own and their total, the day
 * the job issues it, and 'Emitir factura global' by hand once the month has ended.
 */
export function GlobalInvoiceCard({ periodo, monthEnded }: { periodo: string; monthEnded: boolean }) {
  const preview = useGlobalPreview(periodo, true);
  const issue = useIssueGlobal();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const p = preview.data;

  const emit = async () => {
    setError(null);
    try {
      const issued = await issue.mutateAsync(periodo);
      const stamped = issued.filter((i) => i.estado === 'valida').length;
      enqueueSnackbar(
        stamped === issued.length
          ? `Factura global de ${periodo} timbrada`
          : `Factura global de ${periodo}: ${issued.find((i) => i.motivo)?.motivo ?? 'en proceso'}`,
        { variant: stamped === issued.length ? 'success' : 'warning' },
      );
    } catch (e) {
      setError(e instanceof ApiError && e.code !== 'network' ? e.message : 'No se pudo emitir la factura global.');
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="global-invoice-title" variant="outlined">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography id="global-invoice-title" variant="h6" component="h2">
              Factura global (público en general)
            </Typography>
            {preview.isPending ? (
              <Skeleton width={260} />
            ) : preview.isError ? (
              <Typography variant="body2" color="error">
                No se pudo calcular la vista previa.
              </Typography>
            ) : p ? (
              <Typography variant="body2" color="text.secondary" data-testid="global-preview">
                {p.emitida ? 'Ya emitida. ' : ''}
                {p.pagos} {p.pagos === 1 ? 'pago' : 'pagos'} sin factura propia por <Money value={p.total} />
                {p.emitida ? '' : ` · se emite sola el ${dayText(p.fechaEmision)}`}
              </Typography>
            ) : null}
          </Box>
          <Button
            variant="outlined"
            onClick={() => setConfirming(true)}
            disabled={!p || p.emitida || p.pagos === 0 || !monthEnded || issue.isPending}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            Emitir factura global
          </Button>
        </Stack>
        {!monthEnded && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            Se puede emitir a mano cuando termine el mes.
          </Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {error}
          </Alert>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={`Emitir la factura global de ${periodo}`}
        message={
          p ? (
            <>
              Se timbra una factura al público en general con {p.pagos} {p.pagos === 1 ? 'pago' : 'pagos'} por{' '}
              <Money value={p.total} />. Los pagos incluidos ya no podrán facturarse a un cliente sin cancelarla.
            </>
          ) : (
            ''
          )
        }
        confirmText="Emitir"
        loading={issue.isPending}
        onConfirm={() => void emit()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
