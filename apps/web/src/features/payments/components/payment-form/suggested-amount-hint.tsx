import { formatMoney } from '@airlink/domain';
import { Box } from '@mui/material';

/** The amount's hint: where the amount comes from, or the suggestion with 'Usar sugerido' once typed by hand. */
export function SuggestedAmountHint({
  byHand,
  monto,
  suggested,
  disabled,
  onUseSuggested,
}: {
  byHand: boolean;
  monto: number | null;
  suggested: number;
  disabled: boolean;
  onUseSuggested: () => void;
}) {
  if (!(byHand && monto !== suggested)) return <>Según la mensualidad y las opciones</>;
  return (
    <>
      Sugerido {formatMoney(suggested)}.{' '}
      <Box
        component="button"
        type="button"
        onClick={onUseSuggested}
        disabled={disabled}
        sx={{
          p: 0,
          border: 0,
          bgcolor: 'transparent',
          color: 'primary.main',
          font: 'inherit',
          textDecoration: 'underline',
          cursor: 'pointer',
        }}
      >
        Usar sugerido
      </Box>
    </>
  );
}
