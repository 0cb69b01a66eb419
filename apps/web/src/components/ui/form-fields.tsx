import type { ReactNode } from 'react';
import {
  Box,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Switch,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MoneyField, type MoneyFieldProps } from './money-field';
import { completeTime, typedTime } from './time-input';

/** What every kit field takes: the form's `control` and the field's name (typed against the form values). */
export interface KitFieldProps<T extends FieldValues, TOut = T> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
}

type TextProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'select' | 'type'> & {
  /** Called after the form has the new text (e.g. another field follows it). */
  onValueChange?: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'search' | 'password' | 'url' | 'number';
};

/** A one-line text field bound to the form; the field's error replaces the hint. */
export function TextFormField<T extends FieldValues, TOut = T>({
  control,
  name,
  helperText,
  onValueChange,
  ...rest
}: KitFieldProps<T, TOut> & TextProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          name={field.name}
          inputRef={field.ref}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(e) => {
            field.onChange(e.target.value);
            onValueChange?.(e.target.value);
          }}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

/**
 * A time of day bound to the form as 'HH:mm', always in 24 h: a text field of its own, not the browser's time
 * input (which shows a.m./p.m. in an English browser). The form's schema checks the value.
 */
export function TimeFormField<T extends FieldValues, TOut = T>({
  control,
  name,
  helperText,
  slotProps,
  ...rest
}: KitFieldProps<T, TOut> & Omit<TextProps, 'type' | 'onValueChange'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          name={field.name}
          inputRef={field.ref}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={(e) => field.onChange(typedTime(e.target.value))}
          onBlur={() => {
            const done = completeTime((field.value as string | null | undefined) ?? '');
            if (done !== field.value) field.onChange(done);
            field.onBlur();
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{
            ...slotProps,
            htmlInput: {
              inputMode: 'numeric',
              maxLength: 5,
              placeholder: 'HH:mm',
              autoComplete: 'off',
              ...(slotProps?.htmlInput as object | undefined),
            },
            inputLabel: { shrink: true, ...(slotProps?.inputLabel as object | undefined) },
          }}
        />
      )}
    />
  );
}

/** A text area bound to the form (notes, descriptions, reasons): 3 to 8 rows unless told. */
export function MultilineFormField<T extends FieldValues, TOut = T>({
  minRows = 3,
  maxRows = 8,
  ...rest
}: KitFieldProps<T, TOut> & Omit<TextProps, 'multiline' | 'type'>) {
  return <TextFormField {...rest} multiline minRows={minRows} maxRows={maxRows} />;
}

/** A pesos field bound to the form: the value is a number of pesos, or null when empty or not an amount. */
export function MoneyFormField<T extends FieldValues, TOut = T>({
  control,
  name,
  helperText,
  onValueChange,
  ...rest
}: KitFieldProps<T, TOut> &
  Omit<MoneyFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
    onValueChange?: (value: number | null) => void;
  }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MoneyField
          {...rest}
          ref={field.ref}
          name={field.name}
          value={field.value as number | null | undefined}
          onChange={(v) => {
            field.onChange(v);
            onValueChange?.(v);
          }}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}

type DateProps = Omit<TextProps, 'type'> & {
  /** Earliest and latest choosable values, in the field's own format. */
  min?: string;
  max?: string;
};

/**
 * A business date bound to the form as 'YYYY-MM-DD' (or '' for none). Today and other business dates come
 * from the domain's date helpers (`businessDate`), never from the computer's clock in its own zone.
 */
export function DateFormField<T extends FieldValues, TOut = T>({
  min,
  max,
  slotProps,
  ...rest
}: KitFieldProps<T, TOut> & DateProps) {
  return (
    <TextFormField
      {...rest}
      // The browser's date input (no time, so no a.m./p.m.); the value is text, so it never moves with the
      // computer's time zone.
      type={'date' as TextProps['type']}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object | undefined) },
        htmlInput: { min, max, ...(slotProps?.htmlInput as object | undefined) },
      }}
    />
  );
}

/** The date and time parts of a 'YYYY-MM-DDTHH:mm[:ss]' value ('' and '' for none; a browser's '.000' dropped). */
export function dateTimeParts(value: string): { date: string; time: string } {
  const at = value.indexOf('T');
  if (at < 0) return { date: value, time: '' };
  return { date: value.slice(0, at), time: value.slice(at + 1).replace(/\.\d*$/, '') };
}

/** The form's value from its parts: '' when both are empty, else 'date' + 'T' + 'time' (the schema checks it). */
export function dateTimeValue(date: string, time: string): string {
  return date === '' && time === '' ? '' : `${date}T${time}`;
}

/**
 * A date and time bound to the form as the business time zone's wall time 'YYYY-MM-DDTHH:mm' (or
 * 'YYYY-MM-DDTHH:mm:ss' `withSeconds`; '' for none), always in 24 h: the browser's date input for the day (the
 * field's label) and a 24 h text field for the time ('Hora'), never the browser's date-time input (a.m./p.m. in
 * an English browser). A half-filled value ('2026-05-01T') reaches the form's schema, which refuses it. The form
 * turns the value into an instant with the date helpers when it builds the payload.
 */
export function DateTimeFormField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  helperText,
  required,
  disabled,
  fullWidth,
  min,
  max,
  slotProps,
  withSeconds = false,
}: KitFieldProps<T, TOut> &
  Pick<TextProps, 'label' | 'helperText' | 'required' | 'disabled' | 'fullWidth'> &
  Pick<DateProps, 'min' | 'max'> & {
    /** Only the `htmlInput` attributes (e.g. autoComplete) are passed on, to both inputs. */
    slotProps?: { htmlInput?: Record<string, unknown> };
    /** The time to the second ('HH:mm:ss'). */
    withSeconds?: boolean;
  }) {
  const timeLength = withSeconds ? 8 : 5;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const { date, time } = dateTimeParts((field.value as string | null | undefined) ?? '');
        const error = Boolean(fieldState.error);
        const message = fieldState.error?.message ?? helperText;
        return (
          <Box sx={{ width: fullWidth ? '100%' : undefined }}>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <TextField
                label={label}
                required={required}
                disabled={disabled}
                type="date"
                name={field.name}
                inputRef={field.ref}
                value={date}
                onChange={(e) => field.onChange(dateTimeValue(e.target.value, time))}
                onBlur={field.onBlur}
                error={error}
                sx={{ flex: 1, minWidth: 0 }}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { min: min?.slice(0, 10), max: max?.slice(0, 10), ...slotProps?.htmlInput },
                }}
              />
              <TextField
                label="Hora"
                required={required}
                disabled={disabled}
                name={`${field.name}.hora`}
                value={time}
                onChange={(e) => field.onChange(dateTimeValue(date, typedTime(e.target.value, withSeconds)))}
                onBlur={() => {
                  const done = completeTime(time, withSeconds);
                  if (done !== time) field.onChange(dateTimeValue(date, done));
                  field.onBlur();
                }}
                error={error}
                sx={{ width: withSeconds ? 112 : 88, flexShrink: 0 }}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: {
                    inputMode: 'numeric',
                    maxLength: timeLength,
                    placeholder: withSeconds ? 'HH:mm:ss' : 'HH:mm',
                    autoComplete: 'off',
                    ...slotProps?.htmlInput,
                  },
                }}
              />
            </Box>
            {message && (
              <FormHelperText error={error} sx={{ mx: 1.75 }}>
                {message}
              </FormHelperText>
            )}
          </Box>
        );
      }}
    />
  );
}

export interface SelectOption<V extends string | number> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

/**
 * What the select shows: the form's value when it is among the options, else nothing yet (e.g. the default place
 * while the places still load), never a value MUI has no option for (its out-of-range warning). With options of
 * its own (`children`) the value is shown as it is.
 */
function shownValue<V extends string | number>(
  value: V | '',
  options: readonly SelectOption<V>[],
  ownOptions: boolean,
) {
  return ownOptions || value === '' || options.some((o) => o.value === value) ? value : '';
}

/**
 * A select bound to the form. Options with number values give numbers to the form; '' (nothing chosen)
 * gives `null`.
 */
export function SelectFormField<T extends FieldValues, V extends string | number, TOut = T>({
  control,
  name,
  options,
  helperText,
  onValueChange,
  invalid = false,
  emptyOption,
  children,
  slotProps,
  ...rest
}: KitFieldProps<T, TOut> &
  Omit<TextProps, 'onValueChange' | 'type'> & {
    options: readonly SelectOption<V>[];
    onValueChange?: (value: V | null) => void;
    /** Shows the field in error without a field error (e.g. its options could not be loaded). */
    invalid?: boolean;
    /** A first option meaning 'none' (the form holds null), e.g. <em>Sin asignar</em>. */
    emptyOption?: ReactNode;
  }) {
  const numeric = options.length > 0 && typeof options[0]!.value === 'number';
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          select
          name={field.name}
          inputRef={field.ref}
          value={shownValue((field.value as V | null | undefined) ?? '', options, children !== undefined)}
          onChange={(e) => {
            const raw = e.target.value;
            const next = (raw === '' ? null : numeric ? Number(raw) : raw) as V | null;
            field.onChange(next);
            onValueChange?.(next);
          }}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error) || invalid}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={
            emptyOption === undefined
              ? slotProps
              : {
                  ...slotProps,
                  // '' is a real choice here: show its text and keep the label up.
                  select: { displayEmpty: true, ...(slotProps?.select as object | undefined) },
                  inputLabel: { shrink: true, ...(slotProps?.inputLabel as object | undefined) },
                }
          }
        >
          {emptyOption !== undefined && <MenuItem value="">{emptyOption}</MenuItem>}
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </MenuItem>
          ))}
          {children}
        </TextField>
      )}
    />
  );
}

/** A yes/no option bound to the form, as a switch (default) or a checkbox. */
export function ToggleFormField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  disabled,
  variant = 'switch',
  onValueChange,
}: KitFieldProps<T, TOut> & {
  label: ReactNode;
  disabled?: boolean;
  variant?: 'switch' | 'checkbox';
  onValueChange?: (value: boolean) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const input = {
          name: field.name,
          checked: Boolean(field.value),
          onBlur: field.onBlur,
          onChange: (e: { target: { checked: boolean } }) => {
            field.onChange(e.target.checked);
            onValueChange?.(e.target.checked);
          },
        };
        const toggle = (
          <FormControlLabel
            label={label}
            disabled={disabled}
            control={variant === 'switch' ? <Switch {...input} /> : <Checkbox {...input} />}
          />
        );
        if (!fieldState.error) return toggle;
        return (
          <>
            {toggle}
            <FormHelperText error>{fieldState.error.message}</FormHelperText>
          </>
        );
      }}
    />
  );
}
