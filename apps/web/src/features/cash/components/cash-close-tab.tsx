import { useState } from 'react';
import { canDo, CASH_OFFICE_IDS, PAYMENT_PLACES, type CashCloseItem } from '@airlink/domain';
import { businessDate } from '../../../lib/business-time';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Divider,
  Paper,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateText, dayText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { Money } from '../../../components/ui/money';
import { useAccounts } from '../../../lib/reference-data';
import { useSession } from '../../../lib/session-context';
import { useCashDay } from '../api/get-cash-day';
import { useReopenCashClose } from '../api/reopen-cash-close';
import { CashCloseForm } from './cash-close-form';
import { CashCloseList } from './cash-close-list';
import { CloseDetails } from './close-details';

/** The two cash offices, Oficina Aurrera (Tizayuca) first, with the names Administración gives them. */
function useCashOffices() {
  const accounts = useAccounts();
  return CASH_OFFICE_IDS.map((id) => ({
    id,
    nombre:
      accounts.data?.find((a) => a.id === id)?.nombre ??
      PAYMENT_PLACES.find((p) => p.id === id)?.nombre ??
      `Cuenta ${id}`,
  }));
}

const payments = (n: number) => `${n} ${n === 1 ? 'pago' : 'pagos'} en efectivo`;

/**
 * 'Corte de caja': an office and a day (today by default) show the cash the day's payments add up to; an
 * open day is closed with the cash counted, a closed one shows its close and level 20 can reopen it. Below,
 * every close.
 */
export function CashCloseTab() {
  const today = businessDate(new Date());
  const offices = useCashOffices();
  const [idCuenta, setIdCuenta] = useState<number>(CASH_OFFICE_IDS[0]!);
  const [fecha, setFecha] = useState(today);
  const { level } = useSession();
  const canReopen = canDo(level, 'finance.cashreopen');
  const day = useCashDay(idCuenta, fecha);
  const reopen = useReopenCashClose();
  const [confirmReopen, setConfirmReopen] = useState(false);
  const { enqueueSnackbar } = useSnackbar();

  const doReopen = async (id: number) => {
    try {
      await reopen.mutateAsync(id);
      enqueueSnackbar('Corte reabierto: la oficina vuelve a aceptar pagos en efectivo de ese día', {
        variant: 'success',
      });
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : 'No se pudo reabrir el corte', { variant: 'error' });
      void day.refetch();
    } finally {
      setConfirmReopen(false);
    }
  };

  const select = (item: CashCloseItem) => {
    setIdCuenta(item.idCuenta);
    setFecha(item.fecha);
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  const data = day.data;
  const corte = data?.corte ?? null;

  return (
    <Stack spacing={2.5}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
          <ToggleButtonGroup
            exclusive
            color="primary"
            size="small"
            aria-label="Oficina"
            value={idCuenta}
            onChange={(_e, v: number | null) => v !== null && setIdCuenta(v)}
            sx={{ '& .MuiToggleButton-root': { flex: { xs: 1, sm: 'none' }, px: 2 } }}
          >
            {offices.map((o) => (
              <ToggleButton key={o.id} value={o.id}>
                {o.nombre}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            type="date"
            size="small"
            label="Día"
            value={fecha}
            onChange={(e) => e.target.value && setFecha(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            sx={{ width: { sm: 190 } }}
          />
          {fecha !== today && (
            <Button size="small" onClick={() => setFecha(today)} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
              Ir a hoy
            </Button>
          )}
        </Stack>
      </Paper>

      <Card component="section" aria-label="Corte del día">
        {day.isError && !data ? (
          <ErrorState message="No se pudo cargar el día de caja." onRetry={() => void day.refetch()} />
        ) : !data ? (
          <CardContent aria-label="Cargando día de caja" aria-busy="true">
            <Skeleton variant="text" width="40%" sx={{ fontSize: '1.5rem' }} />
            <Skeleton variant="text" width="25%" sx={{ fontSize: '2rem' }} />
            <Skeleton variant="rounded" height={56} sx={{ mt: 2 }} />
          </CardContent>
        ) : (
          <CardContent>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'flex-start' }, mb: 2 }}
            >
              <Box>
                <Typography variant="h6" component="h2">
                  {data.cuenta} · {dayText(data.fecha)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Efectivo esperado en caja
                </Typography>
                <Typography variant="h4" component="p" sx={{ fontWeight: 700, mt: 0.5 }} aria-label="Efectivo esperado">
                  <Money value={data.esperado} />
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {payments(data.cantidadPagos)}
                </Typography>
              </Box>
              <Stack spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' } }}>
                {data.cerrado ? (
                  <Chip label="Caja cerrada" color="success" />
                ) : (
                  <Chip label="Caja abierta" color="primary" variant="outlined" />
                )}
                {data.cerrado && corte && canReopen && (
                  <Button
                    variant="outlined"
                    color="warning"
                    startIcon={<LockOpenOutlinedIcon />}
                    onClick={() => setConfirmReopen(true)}
                  >
                    Reabrir corte
                  </Button>
                )}
              </Stack>
            </Stack>
            <Divider sx={{ mb: 2 }} />
            {data.cerrado && corte ? (
              <CloseDetails corte={corte} />
            ) : (
              <>
                {corte?.reabiertoEn && (
                  <Alert severity="warning" sx={{ mb: 2 }}>
                    {corte.reabiertoPor ?? 'Un administrador'} reabrió el corte el{' '}
                    <DateText value={corte.reabiertoEn} withTime />. Cuenta el efectivo de nuevo y cierra la caja.
                  </Alert>
                )}
                <CashCloseForm
                  key={`${data.idCuenta}-${data.fecha}`}
                  day={data}
                  onConflict={() => void day.refetch()}
                />
              </>
            )}
          </CardContent>
        )}
      </Card>

      <Box component="section" aria-labelledby="cash-closes-title">
        <Typography id="cash-closes-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Cortes registrados
        </Typography>
        <CashCloseList onSelect={select} />
      </Box>

      {corte && (
        <ConfirmDialog
          open={confirmReopen}
          title="¿Reabrir el corte?"
          message={
            <>
              La caja de <strong>{data?.cuenta}</strong> del {dayText(data?.fecha)} volverá a aceptar pagos en efectivo.
              Después habrá que cerrarla de nuevo con el efectivo contado.
            </>
          }
          confirmText="Reabrir corte"
          destructive
          loading={reopen.isPending}
          onConfirm={() => void doReopen(corte.id)}
          onClose={() => setConfirmReopen(false)}
        />
      )}
    </Stack>
  );
}
