import { ACCOUNT_GROUP_LABELS } from '@airlink/domain';
import { Chip, Typography } from '@mui/material';
import { EditableList } from '../../../components/ui/editable-list';
import { useAccounts } from '../../../lib/reference-data';
import { AccountDialog } from './account-dialog';

/**
 * 'Cuentas': the payment places and bank accounts with the spec's ids, in the order every list shows them.
 * Name, active flag and order change here; the group of each id is fixed (it decides where money counts).
 */
export function AccountsTab() {
  return (
    <EditableList
      query={useAccounts()}
      label="Cuentas"
      intro="El diálogo de pago, Caja y Bancos, Gastos y los reportes usan estos nombres y este orden. Una cuenta inactiva deja de ofrecerse para pagos y gastos; su historial se conserva."
      editTitle="Editar cuenta"
      name={(a) => a.nombre}
      detail={(a) => `Id ${a.id} · ${ACCOUNT_GROUP_LABELS[a.grupo]}`}
      lead={(a) => (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ width: 32, flexShrink: 0, textAlign: 'right' }}
          title="Orden"
        >
          {a.orden}
        </Typography>
      )}
      trailing={(a) => (
        <Chip
          size="small"
          label={a.activo ? 'Activa' : 'Inactiva'}
          color={a.activo ? 'success' : 'default'}
          variant={a.activo ? 'filled' : 'outlined'}
        />
      )}
      dialog={(a, onClose) => <AccountDialog account={a} onClose={onClose} />}
    />
  );
}
