import type { AutomationRunDetail } from '@airlink/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from '../../../lib/toast';
import { useId, useState } from 'react';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { DateText, dayText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { Money } from '../../../components/ui/money';
import { useCancelApproval } from '../api/cancel-approval';
import { useRun } from '../api/get-run';
import { useUndoRun } from '../api/undo-run';
import { canUndo, errorText, MODE_LABELS, RESULT_LABELS, RUN_STATE_LABELS, runSummary } from './automation-labels';

type Result = AutomationRunDetail['resultados'][number];

const columns: GridColDef<Result>[] = [
  { field: 'nombre', headerName: 'Cliente', flex: 1, minWidth: 180 },
  {
    field: 'resultado',
    headerName: 'Resultado',
    width: 130,
    renderCell: ({ row }) => (
      <Chip size="small" color={RESULT_LABELS[row.resultado].color} label={RESULT_LABELS[row.resultado].text} />
    ),
  },
  { field: 'mensaje', headerName: 'Detalle', flex: 1, minWidth: 220, valueGetter: (v: string | null) => v ?? '—' },
  { field: 'diasRetraso', headerName: 'Días de retraso', type: 'number', width: 160 },
  {
    field: 'adeudo',
    headerName: 'Adeudo',
    type: 'number',
    width: 120,
    renderCell: ({ value }) => <Money value={value as number} />,
  },
];

/** One run: its state, who approved it, the result per contract, and 'Deshacer' while it can be undone. */
export function RunDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const run = useRun(id);
  const undo = useUndoRun();
  const { enqueueSnackbar } = useSnackbar();
  const cancel = useCancelApproval();
  const [confirming, setConfirming] = useState<'undo' | 'cancel' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    setConfirming(null);
    onClose();
  };

  const runUndo = async (runId: number) => {
    setError(null);
    try {
      const undone = await undo.mutateAsync(runId);
      const back = undone.resultados.filter((r) => r.resultado === 'reconectado').length;
      enqueueSnackbar(`Ejecución deshecha: ${back} ${back === 1 ? 'contrato reconectado' : 'contratos reconectados'}`, {
        variant: 'success',
      });
    } catch (e) {
      setError(errorText(e, 'No se pudo deshacer la ejecución.'));
    }
    setConfirming(null);
  };

  const runCancel = async (runId: number) => {
    setError(null);
    try {
      await cancel.mutateAsync(runId);
      enqueueSnackbar('Aprobación cancelada: ese día no se corta', { variant: 'success' });
    } catch (e) {
      setError(errorText(e, 'No se pudo cancelar la aprobación.'));
    }
    setConfirming(null);
  };

  const data = run.data;
  return (
    <Dialog open={id !== null} onClose={close} maxWidth="lg" fullWidth fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{data ? `Ejecución del ${dayText(data.fecha)}` : 'Ejecución'}</DialogTitle>
      <DialogContent dividers>
        {run.isPending ? (
          <CardSkeleton lines={5} />
        ) : run.isError ? (
          <ErrorState message={run.error.message} onRetry={() => void run.refetch()} />
        ) : (
          data && (
            <Box sx={{ display: 'grid', gap: 2 }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <Chip color={RUN_STATE_LABELS[data.estado].color} label={RUN_STATE_LABELS[data.estado].text} />
                <Typography variant="body2">{MODE_LABELS[data.modo]}</Typography>
                <Typography variant="body2" color="text.secondary">
                  · {runSummary(data)}
                </Typography>
              </Box>
              <Typography variant="body2" color="text.secondary">
                Aprobada por {data.aprobadaPor ?? 'el programa'} · Iniciada <DateText value={data.iniciada} withTime />{' '}
                · Terminada <DateText value={data.terminada} withTime />
                {data.deshechaPor && ` · Deshecha por ${data.deshechaPor}`}
              </Typography>
              {data.mensaje && <Alert severity="info">{data.mensaje}</Alert>}
              {error && <Alert severity="error">{error}</Alert>}
              <DataTable
                mode="client"
                aria-label="Resultados por contrato"
                rows={data.resultados}
                columns={columns}
                getRowId={(r) => r.idContrato}
                density="compact"
                emptyText={data.estado === 'aprobada' ? 'Aún no se ejecuta' : 'Sin contratos'}
                emptyDescription={
                  data.estado === 'aprobada'
                    ? 'Se cortarán a la hora del programa los contratos que sigan vencidos ese día.'
                    : 'Esta ejecución no tocó ningún contrato.'
                }
              />
            </Box>
          )
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={close} color="inherit">
          Cerrar
        </Button>
        {data?.estado === 'aprobada' && (
          <Button
            variant="outlined"
            color="warning"
            onClick={() => setConfirming('cancel')}
            disabled={cancel.isPending}
          >
            Cancelar aprobación
          </Button>
        )}
        {data && canUndo(data) && (
          <Button variant="contained" color="warning" onClick={() => setConfirming('undo')} disabled={undo.isPending}>
            Deshacer
          </Button>
        )}
      </DialogActions>
      <ConfirmDialog
        open={confirming === 'undo' && data !== undefined}
        title="Deshacer ejecución"
        message={`Se reconectan exactamente los ${data?.cortados ?? 0} contratos que cortó esta ejecución. Los que ya se reconectaron no se tocan.`}
        confirmText="Deshacer"
        loading={undo.isPending}
        onConfirm={() => data && void runUndo(data.id)}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'cancel' && data !== undefined}
        title="Cancelar aprobación"
        message={`La lista del ${data ? dayText(data.fecha) : ''} no se cortará. Puedes aprobarla de nuevo después.`}
        confirmText="Cancelar aprobación"
        cancelText="Volver"
        loading={cancel.isPending}
        onConfirm={() => data && void runCancel(data.id)}
        onClose={() => setConfirming(null)}
      />
    </Dialog>
  );
}
