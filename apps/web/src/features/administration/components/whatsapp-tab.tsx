import type { WhatsAppInstance } from '@airlink/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Box, Button, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useState } from 'react';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useDeleteWhatsAppInstance } from '../api/delete-whatsapp-instance';
import { useWhatsAppInstances } from '../api/list-whatsapp-instances';
import { useSetWhatsAppWebhook } from '../api/set-whatsapp-webhook';
import { WhatsAppInstanceDialog } from './whatsapp-instance-dialog';

type Editing = { instance: WhatsAppInstance | null } | null;

/**
 * 'WhatsApp': the department directory (department, phone, Evolution instance and whether its API key is
 * stored). The key is write-only: it is sealed on the server and never shown again.
 */
export function WhatsAppTab() {
  const instances = useWhatsAppInstances();
  const [editing, setEditing] = useState<Editing>(null);
  const webhook = useSetWhatsAppWebhook();
  const { enqueueSnackbar } = useSnackbar();
  const [deleting, setDeleting] = useState<WhatsAppInstance | null>(null);
  const remove = useDeleteWhatsAppInstance();
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      enqueueSnackbar(`Departamento ${deleting.department} eliminado`, { variant: 'success' });
    } catch (error) {
      // Its messages are in the inbox (409), or it is gone: the server's Spanish message says why.
      enqueueSnackbar(error instanceof Error ? error.message : 'No se pudo eliminar el departamento', {
        variant: 'warning',
      });
    }
    setDeleting(null);
  };
  const connectWebhook = (i: WhatsAppInstance) =>
    webhook.mutate(i.instanceName, {
      onSuccess: () => enqueueSnackbar(`Webhook de ${i.department} conectado a AirLink`, { variant: 'success' }),
      onError: (err) => enqueueSnackbar(err.message, { variant: 'error' }),
    });

  if (instances.isPending) return <CardSkeleton lines={6} />;
  if (instances.isError) {
    return <ErrorState message={instances.error.message} onRetry={() => void instances.refetch()} />;
  }
  const add = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ instance: null })}>
      Agregar departamento
    </Button>
  );

  return (
    <Paper variant="outlined">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ px: 2, pt: 2, pb: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          Cada departamento atiende su WhatsApp con una instancia de Evolution API.
        </Typography>
        {instances.data.length > 0 && add}
      </Stack>
      {instances.data.length === 0 ? (
        <EmptyState
          title="No hay departamentos"
          description="Agrega el primero con su teléfono, su instancia y su API Key."
          action={add}
        />
      ) : (
        <Box component="ul" aria-label="Directorio de WhatsApp" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {instances.data.map((i) => (
            <Box
              component="li"
              key={i.id}
              sx={{
                px: 2,
                py: 1.25,
                borderTop: 1,
                borderColor: 'divider',
                display: 'flex',
                // On a phone the name and number take the whole first line; chips and actions wrap below.
                flexWrap: { xs: 'wrap', sm: 'nowrap' },
                alignItems: 'center',
                columnGap: 2,
                rowGap: 0.5,
              }}
            >
              <Box sx={{ flex: { xs: '1 1 100%', sm: '1 1 0' }, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{i.department}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {i.phone} · instancia {i.instanceName}
                  {i.baseUrl ? ` · ${i.baseUrl}` : ''}
                </Typography>
              </Box>
              <Stack
                direction="row"
                spacing={0.5}
                sx={{ alignItems: 'center', flexWrap: 'wrap', mr: { xs: 'auto', sm: 0 } }}
              >
                <Chip
                  size="small"
                  label={i.hasKey ? 'API Key guardada' : 'Sin API Key'}
                  color={i.hasKey ? 'success' : 'warning'}
                  variant="outlined"
                />
                <Chip
                  size="small"
                  label={i.webhookSet ? 'Webhook conectado' : 'Sin webhook'}
                  color={i.webhookSet ? 'success' : 'default'}
                  variant="outlined"
                />
              </Stack>
              <Tooltip title="Conectar el webhook de Evolution API a AirLink (mensajes entrantes)">
                <span>
                  <IconButton
                    aria-label={`Conectar webhook de ${i.department}`}
                    disabled={!i.hasKey || !i.baseUrl || webhook.isPending}
                    onClick={() => connectWebhook(i)}
                  >
                    <WebhookIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Editar departamento">
                <IconButton aria-label={`Editar ${i.department}`} onClick={() => setEditing({ instance: i })}>
                  <EditOutlinedIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title="Eliminar departamento">
                <IconButton aria-label={`Eliminar ${i.department}`} onClick={() => setDeleting(i)}>
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
        </Box>
      )}
      {editing && <WhatsAppInstanceDialog instance={editing.instance} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Eliminar departamento"
        message={`¿Eliminar el departamento ${deleting?.department ?? ''} del directorio? Solo se puede si la bandeja no tiene mensajes de su instancia.`}
        confirmText="Eliminar"
        destructive
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
