import { useState } from 'react';
import {
  Box,
  MenuItem,
  Paper,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReportRange } from '../api/get-finance-report';
import { presetOf, presetRange, RANGE_PRESETS, rangeError, type RangePreset } from '../report-range';

export interface RangeBarProps {
  range: ReportRange;
  today: string;
  onChange: (range: ReportRange) => void;
}

const dateProps = { inputLabel: { shrink: true } } as const;

/** The report's period: a preset (este mes, mes anterior, últimos 30 días, este año) or dates of one's own. */
export function RangeBar({ range, today, onChange }: RangeBarProps) {
  const [draft, setDraft] = useState<ReportRange>(range);
  const [seen, setSeen] = useState<ReportRange>(range);
  // The period changed from outside (a preset, the address): the date fields follow it.
  if (seen.desde !== range.desde || seen.hasta !== range.hasta) {
    setSeen(range);
    setDraft(range);
  }
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const preset: RangePreset = presetOf(range, today);
  const error = rangeError(draft);

  const edit = (patch: Partial<ReportRange>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (!rangeError(next)) onChange(next);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2.5 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
        }}
      >
        {phone ? (
          <TextField
            select
            size="small"
            label="Periodo"
            value={preset}
            onChange={(e) => {
              const key = e.target.value as RangePreset;
              if (key !== 'personalizado') onChange(presetRange(key, today));
            }}
            sx={{ flex: '1 1 100%' }}
          >
            {RANGE_PRESETS.map((p) => (
              <MenuItem key={p.key} value={p.key}>
                {p.label}
              </MenuItem>
            ))}
            <MenuItem value="personalizado" disabled>
              Personalizado
            </MenuItem>
          </TextField>
        ) : (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            aria-label="Periodo"
            value={preset}
            onChange={(_e, key: RangePreset | null) => {
              if (key && key !== 'personalizado') onChange(presetRange(key, today));
            }}
            sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root': { px: 1.5, whiteSpace: 'nowrap' } }}
          >
            {RANGE_PRESETS.map((p) => (
              <ToggleButton key={p.key} value={p.key}>
                {p.label}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        <Box
          sx={{
            display: 'flex',
            gap: 1.5,
            flexWrap: 'wrap',
            ml: { md: 'auto' },
            flex: { xs: '1 1 100%', md: '0 0 auto' },
          }}
        >
          <TextField
            type="date"
            size="small"
            label="Desde"
            value={draft.desde}
            onChange={(e) => edit({ desde: e.target.value })}
            slotProps={{ ...dateProps, htmlInput: { max: today } }}
            sx={{ flex: '1 1 150px' }}
          />
          <TextField
            type="date"
            size="small"
            label="Hasta"
            value={draft.hasta}
            onChange={(e) => edit({ hasta: e.target.value })}
            error={Boolean(error)}
            helperText={error ?? undefined}
            slotProps={dateProps}
            sx={{ flex: '1 1 150px', maxWidth: { md: 220 } }}
          />
        </Box>
      </Box>
    </Paper>
  );
}
