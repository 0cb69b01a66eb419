import { Stack } from '@mui/material';
import type { Control } from 'react-hook-form';
import { ToggleFormField } from '../../../../components/ui/form-fields';
import type { PaymentBody } from '../../api/register-payment';
import type { PaymentDialogValues } from './payment-form';

export interface PaymentOptionsProps {
  control: Control<PaymentDialogValues, unknown, PaymentBody>;
  disabled: boolean;
  /** Reconnection or invoice changed (the amount may follow). */
  onChargeOptions: (reconexion: boolean, facturar: boolean) => void;
  reconexion: boolean;
  facturar: boolean;
  /** 'Abono' changed. */
  onAbono: () => void;
}

/** Reconexión (+$30), Factura (+16 % IVA) and Abono (pago parcial). */
export function PaymentOptions({
  control,
  disabled,
  onChargeOptions,
  reconexion,
  facturar,
  onAbono,
}: PaymentOptionsProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 3 }} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <ToggleFormField
        control={control}
        name="reconexion"
        label="Reconexión (+$30)"
        disabled={disabled}
        onValueChange={(checked) => onChargeOptions(checked, facturar)}
      />
      <ToggleFormField
        control={control}
        name="facturar"
        label="Factura (+16 % IVA)"
        disabled={disabled}
        onValueChange={(checked) => onChargeOptions(reconexion, checked)}
      />
      <ToggleFormField
        control={control}
        name="abono"
        label="Abono (pago parcial)"
        variant="checkbox"
        disabled={disabled}
        onValueChange={onAbono}
      />
    </Stack>
  );
}
