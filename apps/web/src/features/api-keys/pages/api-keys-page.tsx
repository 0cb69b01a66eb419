import type { ApiKey, ApiKeyWithSecret } from '@airlink/domain';
import AddIcon from '@mui/icons-material/Add';
import KeyIcon from '@mui/icons-material/Key';
import { Alert, Box, Button, Paper } from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { useCallback, useEffect, useState } from 'react';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useDeleteApiKey } from '../api/delete-api-key';
import { useApiKeys } from '../api/list-api-keys';
import { MissingKeyError, NO_KEY_MESSAGE } from '../api/read-api-key';
import { useRegenerateApiKey } from '../api/regenerate-api-key';
import { ApiKeyCard } from '../components/api-key-card';
import { ApiKeyDetailsDialog } from '../components/api-key-details-dialog';
import { ApiKeyFormDialog } from '../components/api-key-form-dialog';
import { GeneratedKeyDialog } from '../components/generated-key-dialog';

/** How long the page's alerts stay (docs/business-rules.md "Screens": alerts auto-hide after 5 s). */
export const ALERT_MS = 5_000;

type PageAlert = { severity: 'success' | 'error'; text: string; at: number };
type Dialog =
  | { kind: 'form'; apiKey: ApiKey | null }
  | { kind: 'view'; apiKey: ApiKey }
  | { kind: 'regenerate'; apiKey: ApiKey }
  | { kind: 'delete'; apiKey: ApiKey }
  | null;

/** 'Gestión de API Keys' (docs/business-rules.md "Screens", level 20): a card per key, create, view, edit, regenerate, delete. */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const regenerate = useRegenerateApiKey();
  const remove = useDeleteApiKey();
  const { enqueueSnackbar } = useSnackbar();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [alert, setAlert] = useState<PageAlert | null>(null);
  const [generated, setGenerated] = useState<{ name: string; key: string } | null>(null);
  // Keys received in this visit of the page, by id: the only ones that can be shown or copied.
  const [fresh, setFresh] = useState<ReadonlyMap<number, string>>(new Map());

  const say = useCallback((severity: PageAlert['severity'], text: string) => {
    setAlert({ severity, text, at: Date.now() });
  }, []);

  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(() => setAlert(null), ALERT_MS);
    return () => clearTimeout(timer);
  }, [alert]);

  const received = (key: ApiKeyWithSecret) => {
    setFresh((m) => new Map(m).set(key.id, key.key));
    setGenerated({ name: key.name, key: key.key });
  };

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      enqueueSnackbar('API Key copiada al portapapeles', { variant: 'success' });
      return true;
    } catch {
      enqueueSnackbar('Error al copiar al portapapeles', { variant: 'error' });
      return false;
    }
  };

  const runRegenerate = async (apiKey: ApiKey) => {
    try {
      const key = await regenerate.mutateAsync(apiKey.id);
      setDialog(null);
      received(key);
      say('success', 'API Key regenerada exitosamente');
    } catch (error) {
      setDialog(null);
      if (error instanceof MissingKeyError) {
        say('error', NO_KEY_MESSAGE);
        enqueueSnackbar(NO_KEY_MESSAGE, { variant: 'error' });
      } else {
        enqueueSnackbar('Error al regenerar la API Key', { variant: 'error' });
      }
    }
  };

  const runDelete = async (apiKey: ApiKey) => {
    try {
      await remove.mutateAsync(apiKey.id);
      setFresh((m) => {
        const next = new Map(m);
        next.delete(apiKey.id);
        return next;
      });
      say('success', 'API Key eliminada exitosamente');
    } catch {
      say('error', 'Error al eliminar la API Key');
    }
    setDialog(null);
  };

  const newKeyButton = (text: string) => (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'form', apiKey: null })}>
      {text}
    </Button>
  );

  const list = keys.data ?? [];
  return (
    <Box>
      <PageHeader
        title="Gestión de API Keys"
        subtitle="Llaves para que otros sistemas usen la API con un perfil de permisos."
        actions={newKeyButton('Nueva API Key')}
      />
      {alert && (
        <Alert key={alert.at} severity={alert.severity} sx={{ mb: 2 }} onClose={() => setAlert(null)}>
          {alert.text}
        </Alert>
      )}
      {keys.isPending ? (
        <Grid>
          {[0, 1, 2].map((i) => (
            <Paper key={i} variant="outlined" sx={{ p: 2 }}>
              <CardSkeleton lines={5} />
            </Paper>
          ))}
        </Grid>
      ) : keys.isError ? (
        <ErrorState message="Error al cargar las API Keys" onRetry={() => void keys.refetch()} />
      ) : list.length === 0 ? (
        <Paper variant="outlined">
          <EmptyState
            icon={<KeyIcon sx={{ fontSize: 48 }} />}
            title="No hay API Keys"
            description="Crea una llave para que otro sistema consulte o registre datos con un perfil de permisos."
            action={newKeyButton('Crear Primera API Key')}
          />
        </Paper>
      ) : (
        <Grid>
          {list.map((k) => (
            <ApiKeyCard
              key={k.id}
              apiKey={k}
              fresh={fresh.get(k.id)}
              onView={() => setDialog({ kind: 'view', apiKey: k })}
              onEdit={() => setDialog({ kind: 'form', apiKey: k })}
              onRegenerate={() => setDialog({ kind: 'regenerate', apiKey: k })}
              onDelete={() => setDialog({ kind: 'delete', apiKey: k })}
              onCopy={(key) => void copy(key)}
            />
          ))}
        </Grid>
      )}

      {dialog?.kind === 'form' && (
        <ApiKeyFormDialog
          key={dialog.apiKey?.id ?? 'nueva'}
          open
          apiKey={dialog.apiKey}
          onClose={() => setDialog(null)}
          onCreated={(key) => {
            setDialog(null);
            received(key);
            say('success', 'API Key creada exitosamente');
          }}
          onUpdated={() => {
            setDialog(null);
            say('success', 'API Key actualizada exitosamente');
          }}
        />
      )}
      <ApiKeyDetailsDialog
        apiKey={dialog?.kind === 'view' ? dialog.apiKey : null}
        fresh={dialog?.kind === 'view' ? fresh.get(dialog.apiKey.id) : undefined}
        onClose={() => setDialog(null)}
        onCopy={(key) => void copy(key)}
        onRegenerate={(apiKey) => setDialog({ kind: 'regenerate', apiKey })}
      />
      <ConfirmDialog
        open={dialog?.kind === 'regenerate'}
        title="Regenerar API Key"
        message={
          dialog?.kind === 'regenerate'
            ? `¿Regenerar la API Key "${dialog.apiKey.name}"? La clave actual dejará de funcionar de inmediato.`
            : ''
        }
        confirmText="Regenerar"
        loading={regenerate.isPending}
        onConfirm={() => dialog?.kind === 'regenerate' && void runRegenerate(dialog.apiKey)}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Eliminar API Key"
        message={
          dialog?.kind === 'delete'
            ? `¿Estás seguro de que quieres eliminar la API Key "${dialog.apiKey.name}"? Esta acción no se puede deshacer.`
            : ''
        }
        confirmText="Eliminar"
        destructive
        loading={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && void runDelete(dialog.apiKey)}
        onClose={() => setDialog(null)}
      />
      <GeneratedKeyDialog
        generated={generated}
        onCancel={() => setGenerated(null)}
        onCopyAndClose={(key) => {
          void copy(key).then((ok) => ok && setGenerated(null));
        }}
      />
    </Box>
  );
}

function Grid({ children }: { children: React.ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(320px, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
