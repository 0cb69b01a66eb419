import { cashDifference, formatMoney } from '@airlink/domain';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Stack, Typography } from '@mui/material';

export type DifferenceKind = 'cuadra' | 'falta' | 'sobra';

/** Exact (0), short (negative: cash missing) or over (positive: more cash than payments). */
export function differenceKind(diferencia: number): DifferenceKind {
  return diferencia === 0 ? 'cuadra' : diferencia < 0 ? 'falta' : 'sobra';
}

const LOOK = {
  cuadra: { color: 'success', Icon: CheckCircleOutlineIcon, text: () => 'Cuadra exacto' },
  falta: { color: 'error', Icon: ErrorOutlineIcon, text: (d: number) => `Faltan ${formatMoney(-d)}` },
  sobra: { color: 'warning', Icon: WarningAmberIcon, text: (d: number) => `Sobran ${formatMoney(d)}` },
} as const;

/** The difference between counted and expected cash in words and colour: green exact, red short, orange over. */
export function DifferenceText({
  diferencia,
  size = 'body1',
  compact = false,
}: {
  diferencia: number;
  size?: 'body1' | 'body2' | 'h6';
  /** Without the icon (tables). */
  compact?: boolean;
}) {
  const kind = differenceKind(diferencia);
  const { color, Icon, text } = LOOK[kind];
  return (
    <Stack
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', color: `${color}.main` }}
      data-kind={kind}
      data-testid="cash-difference"
    >
      {!compact && <Icon fontSize={size === 'h6' ? 'medium' : 'small'} aria-hidden />}
      <Typography variant={size} component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {text(diferencia)}
      </Typography>
    </Stack>
  );
}

/** Live difference while the cashier types the cash counted (nothing until a valid amount is typed). */
export function LiveDifference({ esperado, contado }: { esperado: number; contado: number | null }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label="Diferencia"
      sx={{ minHeight: 32, display: 'flex', alignItems: 'center' }}
    >
      {contado === null ? (
        <Typography variant="body2" color="text.secondary">
          Escribe el efectivo contado para ver la diferencia.
        </Typography>
      ) : (
        <DifferenceText diferencia={cashDifference(esperado, contado)} size="h6" />
      )}
    </Box>
  );
}
