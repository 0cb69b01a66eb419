import { MAX_WHATSAPP_TEXT, type WhatsAppGroup } from '@airlink/domain';
import { Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../../../lib/business-time';
import { useSendTestMessage } from '../../api/send-test-message';
import { errorText, type ReportResult } from './test-result';

const TYPES = [
  ['text', 'Texto'],
  ['image', 'Imagen'],
  ['document', 'Documento'],
] as const;

/** The test panel's 'Mensaje': a text to a number ('Enviar a Número') or to the group chosen in 'Grupos'. */
export function TestMessagePanel({
  instance,
  group,
  report,
}: {
  instance: string;
  group: WhatsAppGroup | null;
  report: ReportResult;
}) {
  const send = useSendTestMessage();
  const [phone, setPhone] = useState('');
  const [type, setType] = useState<(typeof TYPES)[number][0]>('text');
  const [text, setText] = useState('');

  const sendToNumber = async () => {
    if (!phone.trim() || !text.trim()) {
      report({ severity: 'error', text: 'Por favor, completa todos los campos requeridos' });
      return;
    }
    try {
      await send.mutateAsync({ instance, to: 'number', number: phone.trim(), text });
      report({ severity: 'success', text: 'Mensaje enviado exitosamente' });
    } catch (e) {
      report({ severity: 'error', text: `Error al enviar el mensaje: ${errorText(e)}` });
    }
  };

  const sendToGroup = async () => {
    if (!group || !text.trim()) {
      report({ severity: 'error', text: 'Por favor, selecciona un grupo y escribe un mensaje' });
      return;
    }
    try {
      await send.mutateAsync({ instance, to: 'group', groupJid: group.id, text });
      report({ severity: 'success', text: `Mensaje enviado exitosamente al grupo: ${group.subject}` });
    } catch (e) {
      report({ severity: 'error', text: `Error al enviar el mensaje al grupo: ${errorText(e)}` });
    }
  };

  return (
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
          <Button variant="contained" color="secondary" onClick={() => void sendToGroup()} disabled={send.isPending}>
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
  );
}
