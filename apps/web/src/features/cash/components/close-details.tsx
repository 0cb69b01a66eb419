import type { CashDay } from '@airlink/domain';
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { DateText } from '../../../components/ui/date-text';
import { Money } from '../../../components/ui/money';
import { DifferenceText } from './cash-difference';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A closed day: expected, counted, difference, who closed it and when, and the note. */
export function CloseDetails({ corte }: { corte: NonNullable<CashDay['corte']> }) {
  return (
    <Stack spacing={2}>
      <Box
        component="dl"
        aria-label="Detalle del corte"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}
      >
        <Item label="Esperado">
          <Money value={corte.esperado} />
        </Item>
        <Item label="Contado">
          <Money value={corte.contado} />
        </Item>
        <Item label="Diferencia">
          <DifferenceText diferencia={corte.diferencia} />
        </Item>
        <Item label="Cerró">
          {corte.cerradoPor ?? '—'}
          <Typography
            variant="body2"
            color="text.secondary"
            component="span"
            sx={{ display: 'block', fontWeight: 400 }}
          >
            <DateText value={corte.cerradoEn} withTime />
          </Typography>
        </Item>
      </Box>
      {corte.nota && (
        <Typography variant="body2" color="text.secondary">
          Nota: {corte.nota}
        </Typography>
      )}
    </Stack>
  );
}
