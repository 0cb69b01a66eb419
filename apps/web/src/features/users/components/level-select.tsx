import { forwardRef } from 'react';
import { Box, MenuItem, TextField, Typography, type TextFieldProps } from '@mui/material';
import { ALL_LEVELS, effectiveLevelName, levelName, levelText, userLevelLabel } from '@airlink/domain';

export type LevelSelectProps = Omit<TextFieldProps, 'select' | 'value' | 'onChange' | 'children'> & {
  value: number | string | null | undefined;
  onChange: (level: number) => void;
  /** Levels below this one cannot be chosen (an admin may not lower themself). */
  minLevel?: number;
};

/** A select of levels 1 to 20 that highlights the levels the app uses and says what the chosen one opens. */
export const LevelSelect = forwardRef<HTMLInputElement, LevelSelectProps>(function LevelSelect(
  { value, onChange, minLevel = 1, helperText, ...rest },
  ref,
) {
  const current = Number(value);
  const effective = Number.isFinite(current) ? effectiveLevelName(current) : undefined;
  const access =
    !Number.isFinite(current) || current < 1
      ? undefined
      : effective
        ? `${userLevelLabel(current)}. Acceso: ${effective.level === current ? '' : `como ${effective.name}: `}${effective.access}.`
        : 'Sin acceso a páginas (el nivel mínimo de una página es 5).';

  return (
    <TextField
      {...rest}
      select
      inputRef={ref}
      value={Number.isFinite(current) && current >= 1 ? current : ''}
      onChange={(e) => onChange(Number(e.target.value))}
      helperText={helperText ?? access}
      slotProps={{
        select: {
          renderValue: (v) => levelText(Number(v)),
          MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } },
        },
      }}
    >
      {ALL_LEVELS.map((level) => {
        const named = levelName(level);
        return (
          <MenuItem key={level} value={level} disabled={level < minLevel} dense={!named}>
            {named ? (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                <Typography component="span" sx={{ fontWeight: 700, minWidth: 24 }}>
                  {level}
                </Typography>{' '}
                <Typography component="span" sx={{ fontWeight: 600, color: 'primary.main' }}>
                  {named.name}
                </Typography>
              </Box>
            ) : (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ minWidth: 24 }}>
                {level}
              </Typography>
            )}
          </MenuItem>
        );
      })}
    </TextField>
  );
});
