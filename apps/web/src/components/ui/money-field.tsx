import { forwardRef, useState, type FocusEvent } from 'react';
import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { formatMoneyInput, parseMoneyInput } from './money-input';

export type MoneyFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** Pesos, or null when empty. */
  value: number | null | undefined;
  /** Called with the pesos typed, or null when the field is empty or what was typed is not a valid amount. */
  onChange: (value: number | null) => void;
};

/**
 * A pesos input that works as a react-hook-form controlled field (`<Controller render={({ field }) =>
 * <MoneyField {...field} />} />`). The ref reaches the <input> so the form can focus it on an error.
 */
export const MoneyField = forwardRef<HTMLInputElement, MoneyFieldProps>(function MoneyField(
  { value, onChange, onBlur, error, helperText, slotProps, ...rest },
  ref,
) {
  const [text, setText] = useState(() => formatMoneyInput(value));
  const [seen, setSeen] = useState<number | null | undefined>(value);

  // The form changed the value (reset, default values): show it, unless it is what is typed already.
  if (value !== seen) {
    setSeen(value);
    const typed = parseMoneyInput(text);
    if (!(typed.ok && typed.value === (value ?? null))) setText(formatMoneyInput(value));
  }

  const parsed = parseMoneyInput(text);
  const localError = parsed.ok ? null : parsed.error;

  const handleChange = (next: string) => {
    setText(next);
    const p = parseMoneyInput(next);
    const v = p.ok ? p.value : null;
    setSeen(v);
    onChange(v);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (parsed.ok && parsed.value !== null) setText(formatMoneyInput(parsed.value));
    onBlur?.(event);
  };

  return (
    <TextField
      {...rest}
      value={text}
      onChange={(e) => handleChange(e.target.value)}
      onBlur={handleBlur}
      error={Boolean(localError) || error}
      helperText={localError ?? helperText}
      inputRef={ref}
      slotProps={{
        ...slotProps,
        input: {
          startAdornment: <InputAdornment position="start">$</InputAdornment>,
          ...(slotProps?.input as object | undefined),
        },
        htmlInput: {
          inputMode: 'decimal',
          autoComplete: 'off',
          ...(slotProps?.htmlInput as object | undefined),
        },
      }}
    />
  );
});
