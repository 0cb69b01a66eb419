import { ACCOUNT_GROUP_LABELS, type Account } from '@airlink/domain';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { useAccounts } from '../../../lib/reference-data';
import { AccountDialog } from './account-dialog';

/**
 * 'Cuentas': the payment places and bank accounts with the spec's ids, in the order every list shows them.
 * Name, active flag and order change here; the group of each id is fixed (it decides where money counts).
 */
export function AccountsTab() {
  const accounts = useAccounts();
  const [editing, setEditing] = useState<Account | null>(null);

  if (accounts.isPending) return <CardSkeleton lines={8} />;
  if (accounts.isError) return <ErrorState message={accounts.error.message} onRetry={() => void accounts.refetch()} />;

  return (
    <Paper variant="outlined">
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 2, pb: 1 }}>
        El diálogo de pago, Caja y Bancos, Gastos y los reportes usan estos nombres y este orden. Una cuenta inactiva
        deja de ofrecerse para pagos y gastos; su historial se conserva.
      </Typography>
      <Box component="ul" aria-label="Cuentas" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {accounts.data.map((a) => (
          <Box
            component="li"
            key={a.id}
            sx={{
              px: 2,
              py: 1.25,
              borderTop: 1,
              borderColor: 'divider',
              display: 'flex',
              alignItems: 'center',
              gap: 2,
            }}
          >
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ width: 32, flexShrink: 0, textAlign: 'right' }}
              title="Orden"
            >
              {a.orden}
            </Typography>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{a.nombre}</Typography>
              <Typography variant="body2" color="text.secondary">
                Id {a.id} · {ACCOUNT_GROUP_LABELS[a.grupo]}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }}>
              <Chip
                size="small"
                label={a.activo ? 'Activa' : 'Inactiva'}
                color={a.activo ? 'success' : 'default'}
                variant={a.activo ? 'filled' : 'outlined'}
              />
              <Tooltip title="Editar cuenta">
                <IconButton aria-label={`Editar ${a.nombre}`} onClick={() => setEditing(a)}>
                  <EditOutlinedIcon />
                </IconButton>
              </Tooltip>
            </Stack>
          </Box>
        ))}
      </Box>
      {editing && <AccountDialog account={editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
