import type { ReactNode } from 'react';
import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';

/** One choice of a filter menu. */
export interface FilterOption<V extends string | number> {
  value: V;
  label: ReactNode;
}

export interface FilterSelectProps<V extends string | number> {
  label: string;
  /** The chosen value; '' is 'no filter' (the `all` option). */
  value: V | '';
  onChange: (value: V | '') => void;
  options: ReadonlyArray<FilterOption<V>>;
  /** The first option, meaning no filter ('Todos', 'Todas las cuentas'…); without it every option is a value. */
  all?: ReactNode;
  sx?: SxProps<Theme>;
}

/** The menu value of the `all` option ('' would leave MUI's label over an empty field). */
const ALL = '__all__';

/**
 * A filter of a list page (docs/architecture.md "Components kit"): a small select with its Spanish label, an
 * optional 'all' option that stands for '', and options of text or numbers (a number option gives back a number).
 */
export function FilterSelect<V extends string | number>({
  label,
  value,
  onChange,
  options,
  all,
  sx,
}: FilterSelectProps<V>) {
  const shown = value === '' ? (all === undefined ? '' : ALL) : String(value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={shown}
      onChange={(e) => {
        const picked = options.find((o) => String(o.value) === e.target.value);
        onChange(picked ? picked.value : '');
      }}
      sx={sx}
    >
      {all !== undefined && <MenuItem value={ALL}>{all}</MenuItem>}
      {options.map((o) => (
        <MenuItem key={String(o.value)} value={String(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
