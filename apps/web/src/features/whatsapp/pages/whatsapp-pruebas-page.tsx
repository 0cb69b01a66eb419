import {
  MAX_WHATSAPP_TEXT,
  RECHECK_AFTER_CONNECT_MS,
  RECHECK_AFTER_RESTART_MS,
  TEST_PANEL_INSTANCE,
  type WhatsAppLeaveAll,
} from '@airlink/domain';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  type AlertColor,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageHeader } from '../../../components/ui/page-header';
import { formatDateTime } from '../../../lib/business-time';
import { useConnectInstance } from '../api/connect-instance';
import { useFetchGroups, useLeaveAllGroups } from '../api/groups';
import { useInstanceState } from '../api/instance-state';
import { useInstances } from '../api/list-instances';
import { useSendTestMessage } from '../api/send-test-message';
import { whatsappKeys } from '../api/whatsapp-query-keys';
import { CreateGroupDialog } from '../components/create-group-dialog';
import { GroupList } from '../components/group-list';
import { StatusChip } from '../components/status-chip';

const INSTANCE = TEST_PANEL_INSTANCE;
const TYPES = [
  ['text', 'Texto'],
  ['image', 'Imagen'],
  ['document', 'Documento'],
] as const;

interface Result {
  severity: AlertColor;
  text: string;
  details?: Array<{ ok: boolean; text: string }>;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : 'Error desconocido');

/**
 * WhatsApp Pruebas (docs/business-rules.md "Screens", level 20): the fixed instance Personal. Its state ('Verificar Estado',
 * 'Conectar' with the QR while not open, 'Reiniciar' with the re-checks at 2 s and 5 s), sending a text to a
 * number or to the selected group, and its groups (get, create, leave all). Every outcome lands in the result
 * area with the spec's texts; the keys never reach the browser.
 */
export function WhatsAppPruebasPage() {
  const queryClient = useQueryClient();
  const instances = useInstances();
  const state = useInstanceState(INSTANCE);
  const connect = useConnectInstance();
  const send = useSendTestMessage();
  const fetchGroups = useFetchGroups();
  const leaveAll = useLeaveAllGroups();
  const [result, setShownResult] = useState<Result | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  /** Shows an outcome in the result area and brings it into view (on phones it is below the buttons). */
  const qrRef = useRef<HTMLDivElement>(null);
  const setResult = (r: Result, show: 'result' | 'qr' = 'result') => {
    setShownResult(r);
    const target = show === 'qr' ? qrRef : resultRef;
    requestAnimationFrame(() => target.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' }));
  };
  const [qr, setQr] = useState<{ qr: string | null; pairingCode: string | null } | null>(null);
  const [phone, setPhone] = useState('');
  const [type, setType] = useState<(typeof TYPES)[number][0]>('text');
  const [text, setText] = useState('');
  const [groupId, setGroupId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const info = instances.data?.find((i) => i.instanceName === INSTANCE);
  const current = state.data?.state ?? null;
  const groups = fetchGroups.data;
  const group = groups?.find((g) => g.id === groupId) ?? null;

  /** The status again after `ms`; while a QR waits to be scanned, every 2 s (at most 30 times) until open. */
  const recheck = (ms: number, pairing = false, left = 30) => {
    timers.current.push(
      setTimeout(() => {
        void state.refetch().then((r) => {
          if (r.data?.state === 'open') {
            if (pairing) {
              setQr(null);
              setResult({ severity: 'success', text: 'Instancia conectada exitosamente' });
            }
          } else if (pairing && left > 1) recheck(RECHECK_AFTER_CONNECT_MS, true, left - 1);
        });
      }, ms),
    );
  };

  const verify = async () => {
    const r = await state.refetch();
    if (r.isError)
      setResult({ severity: 'error', text: `Error al verificar el estado de la instancia: ${errorText(r.error)}` });
    else if (r.data?.state === 'open') {
      setResult({
        severity: 'success',
        text: qr ? 'Instancia conectada exitosamente' : 'La instancia está conectada (open)',
      });
      setQr(null);
    } else
      setResult({
        severity: 'warning',
        text: `La instancia no está conectada. Estado: ${r.data?.state || 'desconocido'}`,
      });
  };

  const connectOrRestart = async (action: 'connect' | 'restart') => {
    const what = action === 'connect' ? 'Error al conectar la instancia' : 'Error al reiniciar la instancia';
    try {
      const r = await connect.mutateAsync({ instance: INSTANCE, action });
      if (action === 'restart') {
        setResult({
          severity: 'success',
          text: 'Instancia reiniciada exitosamente. Espera unos segundos para que se reconecte.',
        });
        recheck(RECHECK_AFTER_RESTART_MS);
      } else if (r.state === 'open') {
        setResult({ severity: 'success', text: 'Instancia conectada exitosamente' });
        void queryClient.invalidateQueries({ queryKey: whatsappKeys.state(INSTANCE) });
      } else {
        setQr({ qr: r.qr, pairingCode: r.pairingCode });
        setResult(
          { severity: 'info', text: 'Escanea el código QR con WhatsApp en el teléfono de la instancia.' },
          'qr',
        );
        recheck(RECHECK_AFTER_CONNECT_MS, true);
      }
    } catch (e) {
      setResult({ severity: 'error', text: `${what}: ${errorText(e)}` });
      void state.refetch();
    }
  };

  const sendToNumber = async () => {
    if (!phone.trim() || !text.trim()) {
      setResult({ severity: 'error', text: 'Por favor, completa todos los campos requeridos' });
      return;
    }
    try {
      await send.mutateAsync({ instance: INSTANCE, to: 'number', number: phone.trim(), text });
      setResult({ severity: 'success', text: 'Mensaje enviado exitosamente' });
    } catch (e) {
      setResult({ severity: 'error', text: `Error al enviar el mensaje: ${errorText(e)}` });
    }
  };

  const sendToGroup = async () => {
    if (!group || !text.trim()) {
      setResult({ severity: 'error', text: 'Por favor, selecciona un grupo y escribe un mensaje' });
      return;
    }
    try {
      await send.mutateAsync({ instance: INSTANCE, to: 'group', groupJid: group.id, text });
      setResult({ severity: 'success', text: `Mensaje enviado exitosamente al grupo: ${group.subject}` });
    } catch (e) {
      setResult({ severity: 'error', text: `Error al enviar el mensaje al grupo: ${errorText(e)}` });
    }
  };

  const loadGroups = async (announce = true) => {
    try {
      const list = await fetchGroups.mutateAsync(INSTANCE);
      if (groupId && !list.some((g) => g.id === groupId)) setGroupId(null);
      if (announce)
        setResult({
          severity: 'success',
          text: list.length === 1 ? 'Se encontró 1 grupo' : `Se encontraron ${list.length} grupos`,
        });
    } catch (e) {
      setResult({ severity: 'error', text: `Error al obtener los grupos: ${errorText(e)}` });
    }
  };

  const askDeleteAll = () => {
    if (!groups?.length) {
      setResult({ severity: 'error', text: 'No hay grupos para eliminar' });
      return;
    }
    setConfirming(true);
  };

  const deleteAll = async () => {
    let r: WhatsAppLeaveAll;
    try {
      r = await leaveAll.mutateAsync(INSTANCE);
    } catch (e) {
      setConfirming(false);
      setResult({ severity: 'error', text: `Error al eliminar el grupo: ${errorText(e)}` });
      return;
    }
    setConfirming(false);
    const errors = r.total - r.left;
    setResult({
      severity: errors ? 'warning' : 'success',
      text: `Eliminación completada: ${r.left} grupos eliminados, ${errors} errores`,
      details: r.results.map((g) => ({
        ok: g.ok,
        text: `${g.subject || g.groupJid}: ${g.ok ? 'eliminado' : `Error al eliminar el grupo: ${g.message}`}`,
      })),
    });
    setGroupId(null);
    await loadGroups(false);
  };

  const busy = connect.isPending || state.isFetching;
  return (
    <Box>
      <PageHeader title="WhatsApp Pruebas" subtitle="Panel de pruebas de la instancia de WhatsApp de uso interno." />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              Instancia
            </Typography>
            <Stack spacing={0.75}>
              <Typography variant="body2">
                <strong>Instancia:</strong> {INSTANCE}
              </Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                <strong>URL base:</strong> {info?.baseUrl || (instances.isPending ? '…' : 'Sin configurar')}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2">
                  <strong>Estado:</strong>
                </Typography>
                {state.isPending ? (
                  <CircularProgress size={16} />
                ) : (
                  <StatusChip state={state.isError ? null : current} />
                )}
              </Stack>
              {state.isError && (
                <Typography variant="body2" color="error">
                  Error al verificar el estado de la instancia: {errorText(state.error)}
                </Typography>
              )}
            </Stack>
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
              <Button variant="outlined" onClick={() => void verify()} disabled={busy}>
                Verificar Estado
              </Button>
              {current !== 'open' && (
                <Button variant="contained" onClick={() => void connectOrRestart('connect')} disabled={busy}>
                  Conectar
                </Button>
              )}
              <Button
                variant="outlined"
                color="warning"
                onClick={() => void connectOrRestart('restart')}
                disabled={busy}
              >
                Reiniciar
              </Button>
            </Stack>
            {qr && (
              <Stack ref={qrRef} spacing={1} sx={{ mt: 2, alignItems: 'center', scrollMarginTop: 96 }}>
                {qr.qr ? (
                  <Box
                    component="img"
                    src={qr.qr}
                    alt="Código QR para vincular WhatsApp"
                    sx={{ width: 220, height: 220 }}
                  />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    El código QR todavía no está listo; vuelve a intentar en unos segundos.
                  </Typography>
                )}
                {qr.pairingCode && (
                  <Typography variant="body2">
                    Código de vinculación: <strong>{qr.pairingCode}</strong>
                  </Typography>
                )}
              </Stack>
            )}
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
              Mensaje
            </Typography>
            <Stack spacing={2}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label="Teléfono"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                  placeholder="7711234567"
                  helperText="10 dígitos (se agrega el 52) o con código de país"
                  size="small"
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 30 } }}
                />
                <TextField
                  select
                  label="Tipo de mensaje"
                  value={type}
                  onChange={(e) => setType(e.target.value as typeof type)}
                  size="small"
                  sx={{ minWidth: 180 }}
                  helperText={type === 'text' ? ' ' : 'Solo se envía el texto'}
                >
                  {TYPES.map(([value, label]) => (
                    <MenuItem key={value} value={value}>
                      {label}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <TextField
                label="Mensaje"
                value={text}
                onChange={(e) => setText(e.target.value)}
                multiline
                minRows={3}
                maxRows={8}
                fullWidth
                slotProps={{ htmlInput: { maxLength: MAX_WHATSAPP_TEXT } }}
              />
              {group && (
                <Typography variant="body2" color="text.secondary">
                  Grupo seleccionado: <strong>{group.subject}</strong>
                </Typography>
              )}
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
                <Button variant="contained" onClick={() => void sendToNumber()} disabled={send.isPending}>
                  Enviar a Número
                </Button>
                <Button
                  variant="contained"
                  color="secondary"
                  onClick={() => void sendToGroup()}
                  disabled={send.isPending}
                >
                  Enviar a Grupo
                </Button>
                <Button
                  variant="text"
                  onClick={() => setText(`Mensaje de prueba de AirLink enviado el ${formatDateTime(new Date())}. ✅`)}
                >
                  Cargar Mensaje de Prueba
                </Button>
              </Stack>
            </Stack>
          </Paper>
        </Stack>

        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
              Grupos
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 1.5 }}>
              <Button
                variant="outlined"
                onClick={() => void loadGroups()}
                disabled={fetchGroups.isPending}
                startIcon={fetchGroups.isPending ? <CircularProgress size={16} /> : undefined}
              >
                Obtener Grupos
              </Button>
              <Button variant="outlined" onClick={() => setCreating(true)}>
                Crear Grupo
              </Button>
              <Button variant="outlined" color="error" onClick={askDeleteAll}>
                Eliminar Todos
              </Button>
            </Stack>
            <GroupList groups={groups} selectedId={groupId} onSelect={setGroupId} />
          </Paper>

          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
              Resultado
            </Typography>
            <Box
              ref={resultRef}
              role="status"
              aria-live="polite"
              data-testid="test-result"
              sx={{ scrollMarginBottom: 16 }}
            >
              {result ? (
                <Alert severity={result.severity} sx={{ overflowWrap: 'anywhere' }}>
                  {result.text}
                  {result.details && result.details.length > 0 && (
                    <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                      {result.details.map((d, i) => (
                        <li key={i} style={{ color: d.ok ? undefined : '#c62828' }}>
                          {d.text}
                        </li>
                      ))}
                    </Box>
                  )}
                </Alert>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  Aquí aparece el resultado de cada acción.
                </Typography>
              )}
            </Box>
          </Paper>
        </Stack>
      </Box>

      {creating && (
        <CreateGroupDialog
          instance={INSTANCE}
          onClose={() => setCreating(false)}
          onCreated={(g) => {
            setCreating(false);
            setResult({ severity: 'success', text: `Grupo "${g.subject}" creado exitosamente` });
            void loadGroups(false);
          }}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title="Eliminar todos los grupos"
        message={`¿Estás seguro de que quieres eliminar TODOS los ${groups?.length ?? 0} grupos? Esta acción no se puede deshacer.`}
        confirmText="Eliminar Todos"
        destructive
        loading={leaveAll.isPending}
        onConfirm={() => void deleteAll()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
