import { formatMoney, REFERENCE_AUTOCOMPLETE_MIN_CHARS, type PendingMovement } from '@airlink/domain';
import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import { Autocomplete, Box, Stack, TextField, Typography } from '@mui/material';
import { forwardRef } from 'react';
import { usePendingMovements } from '../api/list-pending-movements';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { dayText } from '../../../components/ui/date-text';

/** Milliseconds the autocomplete waits after the last key before asking the server. */
export const REFERENCE_DEBOUNCE_MS = 250;

export interface ReferenceFieldProps {
  /** The reference text. */
  value: string;
  /** The chosen pending movement, or null when the text is free. */
  movement: PendingMovement | null;
  /** Typing: the text changes and any chosen movement is let go. */
  onTextChange: (text: string) => void;
  onChooseMovement: (movement: PendingMovement) => void;
  onBlur?: () => void;
  disabled?: boolean;
  error?: string;
  name?: string;
}

/**
 * The payment reference with an autocomplete over pending bank movements (docs/business-rules.md "Screens"):
 * after more than 2 characters it asks the server (case-insensitive); each option shows reference,
 * date, amount and account. Free text is accepted too.
 */
export const ReferenceField = forwardRef<HTMLInputElement, ReferenceFieldProps>(function ReferenceField(
  { value, movement, onTextChange, onChooseMovement, onBlur, disabled, error, name },
  ref,
) {
  const typed = value.trim();
  const searchable = typed.length >= REFERENCE_AUTOCOMPLETE_MIN_CHARS;
  const q = useDebouncedValue(searchable ? typed : '', REFERENCE_DEBOUNCE_MS);
  const pending = usePendingMovements(q, searchable && q.length >= REFERENCE_AUTOCOMPLETE_MIN_CHARS);
  const options = searchable && movement === null ? (pending.data ?? []) : [];

  const hint = movement
    ? `Depósito vinculado: ${movement.cuenta}, ${dayText(movement.fechaRealizacion)}, ${formatMoney(movement.monto)}`
    : 'Escribe 3 o más caracteres para buscar depósitos bancarios pendientes';

  return (
    <Autocomplete<PendingMovement, false, false, true>
      freeSolo
      options={options}
      value={movement}
      inputValue={value}
      disabled={disabled}
      // The server already filtered by the text.
      filterOptions={(x) => x}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.referencia)}
      isOptionEqualToValue={(a, b) => typeof b !== 'string' && a.id === b.id}
      loading={searchable && pending.isFetching && options.length === 0}
      loadingText="Buscando depósitos…"
      onInputChange={(_e, text, reason) => {
        if (reason === 'input' || reason === 'clear') onTextChange(text);
      }}
      onChange={(_e, next) => {
        if (next && typeof next !== 'string') onChooseMovement(next);
      }}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', width: '100%', minWidth: 0 }}>
            <AccountBalanceOutlinedIcon fontSize="small" color="action" />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {o.referencia}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {dayText(o.fechaRealizacion)} · {o.cuenta}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
              {formatMoney(o.monto)}
            </Typography>
          </Stack>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          inputRef={ref}
          label="Referencia"
          onBlur={onBlur}
          error={Boolean(error)}
          helperText={error ?? hint}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: 120, spellCheck: false },
          }}
        />
      )}
    />
  );
});
