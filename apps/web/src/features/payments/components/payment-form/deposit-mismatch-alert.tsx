import { formatMoney, toCentavos, toPesos, type PendingMovement } from '@airlink/domain';
import { Alert, Box, Button } from '@mui/material';

export interface DepositMismatchAlertProps {
  /** The server's message about the deposit's other amount. */
  message: string;
  movement: PendingMovement | null;
  monto: number | null;
  disabled: boolean;
  onConfirm: () => void;
}

/** The linked deposit is of another amount: the difference and 'Confirmar y registrar'. */
export function DepositMismatchAlert({ message, movement, monto, disabled, onConfirm }: DepositMismatchAlertProps) {
  return (
    <Alert severity="warning">
      {message}
      {movement && monto !== null && (
        <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
          Diferencia: {formatMoney(toPesos(toCentavos(movement.monto) - toCentavos(monto)))}
        </Box>
      )}
      <Button variant="outlined" color="warning" size="small" disabled={disabled} onClick={onConfirm} sx={{ mt: 1 }}>
        Confirmar y registrar
      </Button>
    </Alert>
  );
}
