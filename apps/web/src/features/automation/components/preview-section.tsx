import { isValidIsoDate, type AutomationRunDetail, type CutPreview } from '@airlink/domain';
import CheckIcon from '@mui/icons-material/Check';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Alert, Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { DateText, dayText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { Money } from '../../../components/ui/money';
import { useApproveRun } from '../api/approve-run';
import { cutPreviewQuery, useCutPreview } from '../api/get-cut-preview';
import { useLiveRun } from '../api/list-runs';
import { useRunNow } from '../api/run-now';
import { errorText, needsConfirmation, runSummary } from './automation-labels';
import { RunNowDialog, RunProgress } from './run-now-dialog';
import { ShareGuardDialog } from './share-guard-dialog';

type Item = CutPreview['contratos'][number];

const columns: GridColDef<Item>[] = [
  { field: 'no', headerName: 'No.', width: 80 },
  { field: 'nombre', headerName: 'Cliente', flex: 1, minWidth: 200 },
  { field: 'comunidad', headerName: 'Comunidad', width: 150 },
  {
    field: 'pagadoHasta',
    headerName: 'Pagado hasta',
    width: 130,
    renderCell: ({ value }) => <DateText value={value as string} />,
  },
  {
    field: 'fechaCorte',
    headerName: 'Fecha de corte',
    width: 140,
    renderCell: ({ value }) => <DateText value={value as string} />,
  },
  { field: 'diasRetraso', headerName: 'Días de retraso', type: 'number', width: 175 },
  {
    field: 'adeudo',
    headerName: 'Adeudo',
    type: 'number',
    width: 130,
    renderCell: ({ value }) => <Money value={value as number} />,
  },
];

type Pending = { kind: 'approve'; fecha: string } | { kind: 'run' };

/**
 * A day's list (who, how late, how much is owed, cut-off date; by default the next run day) with 'Aprobar'
 * (the schedule cuts it at its time) and 'Ejecutar ahora' (today's list, shown before, is cut at once, with
 * its progress); a weekend or holiday says it is no business day; the share guard asks before a mass cut.
 */
export function PreviewSection({ onRun }: { onRun: (run: AutomationRunDetail) => void }) {
  const [fecha, setFecha] = useState<string | null>(null);
  const preview = useCutPreview(fecha);
  const approve = useApproveRun();
  const runNow = useRunNow();
  const { enqueueSnackbar } = useSnackbar();
  const [asking, setAsking] = useState<Pending | null>(null);
  const [guard, setGuard] = useState<{ pending: Pending; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hoy = preview.data?.hoy ?? null;
  const todayList = useQuery({ ...cutPreviewQuery(hoy), enabled: asking?.kind === 'run' && hoy !== null });
  const live = useLiveRun(hoy, runNow.isPending);

  const act = async (pending: Pending, confirmar: boolean) => {
    setError(null);
    try {
      if (pending.kind === 'approve') {
        await approve.mutateAsync({ fecha: pending.fecha, confirmar });
        enqueueSnackbar(`Lista del ${dayText(pending.fecha)} aprobada`, { variant: 'success' });
      } else {
        const run = await runNow.mutateAsync(confirmar);
        enqueueSnackbar(`Ejecución terminada: ${runSummary(run)}`, { variant: 'success' });
        onRun(run);
      }
      setGuard(null);
    } catch (e) {
      if (!confirmar && needsConfirmation(e)) {
        setGuard({ pending, message: e.message });
      } else {
        setGuard(null);
        setError(errorText(e, 'No se pudo completar la acción.'));
      }
    }
    setAsking(null);
  };

  const busy = approve.isPending || runNow.isPending;
  const data = preview.data;
  const canApprove =
    Boolean(data?.fecha) && data?.diaHabil === true && (data?.contratos.length ?? 0) > 0 && !data?.aprobada;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Lista del próximo corte">
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
          <Box>
            <Typography variant="h6" component="h2">
              {data?.fecha ? `Lista del ${dayText(data.fecha)}` : 'Lista del próximo corte'}
            </Typography>
            {data?.diaHabil && (
              <Typography variant="body2" color="text.secondary">
                {data.contratos.length} de {data.activos} contratos activos
              </Typography>
            )}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <TextField
              label="Fecha de la lista"
              type="date"
              size="small"
              value={fecha ?? data?.fecha ?? ''}
              onChange={(e) => setFecha(isValidIsoDate(e.target.value) ? e.target.value : null)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 170 }}
            />
            {data?.aprobada && <Chip color="info" label="Aprobada" />}
            {data?.requiereConfirmacion && <Chip color="warning" label="Supera el límite" />}
            <Button
              variant="contained"
              startIcon={<CheckIcon />}
              disabled={!canApprove || busy}
              onClick={() => data?.fecha && setAsking({ kind: 'approve', fecha: data.fecha })}
            >
              Aprobar
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<PlayArrowIcon />}
              disabled={busy || hoy === null}
              onClick={() => setAsking({ kind: 'run' })}
            >
              Ejecutar ahora
            </Button>
          </Box>
        </Box>
        {error && (
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {preview.isError ? (
          <ErrorState message={preview.error.message} onRetry={() => void preview.refetch()} />
        ) : data && !data.fecha ? (
          <Alert severity="info">No hay días hábiles en el calendario de Administración.</Alert>
        ) : data && !data.diaHabil ? (
          <Alert severity="info">
            {dayText(data.fecha)}: {data.noHabil}
          </Alert>
        ) : (
          <DataTable
            mode="client"
            aria-label="Contratos por cortar"
            rows={data?.contratos ?? []}
            columns={columns}
            getRowId={(r) => r.idContrato}
            loading={preview.isPending}
            initialSort={[{ field: 'diasRetraso', sort: 'desc' }]}
            emptyText="Nadie por cortar"
            emptyDescription="Ningún contrato llega a su fecha de corte ese día."
          />
        )}
      </Stack>
      <ConfirmDialog
        open={asking?.kind === 'approve'}
        title="Aprobar lista de cortes"
        message={
          asking?.kind === 'approve'
            ? `El programa cortará los contratos de la lista del ${dayText(asking.fecha)} a su hora, si siguen vencidos.`
            : ''
        }
        confirmText="Aprobar"
        loading={busy && guard === null}
        onConfirm={() => asking && void act(asking, false)}
        onClose={() => setAsking(null)}
      />
      <RunNowDialog
        open={asking?.kind === 'run'}
        today={todayList.data}
        error={todayList.isError ? errorText(todayList.error, 'No se pudo leer la lista de hoy.') : null}
        running={runNow.isPending}
        live={live.data ?? null}
        onConfirm={() => void act({ kind: 'run' }, false)}
        onClose={() => setAsking(null)}
      />
      <ShareGuardDialog
        message={guard?.message ?? null}
        loading={busy}
        onConfirm={() => guard && void act(guard.pending, true)}
        onClose={() => setGuard(null)}
      >
        {runNow.isPending && (
          <Box sx={{ mt: 2 }}>
            <RunProgress live={live.data ?? null} />
          </Box>
        )}
      </ShareGuardDialog>
    </Paper>
  );
}
