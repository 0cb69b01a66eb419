import { useState, type ReactNode } from 'react';
import { Autocomplete, CircularProgress, TextField, type TextFieldProps } from '@mui/material';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Controller, type FieldValues } from 'react-hook-form';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { KitFieldProps } from './form-fields';

export interface AsyncPickerFieldProps<
  T extends FieldValues,
  O extends { id: number },
  TOut = T,
  K extends QueryKey = QueryKey,
>
  extends
    KitFieldProps<T, TOut>,
    Pick<TextFieldProps, 'label' | 'required' | 'fullWidth' | 'autoFocus' | 'disabled' | 'placeholder' | 'sx'> {
  /** The query that finds the options for what was typed (already trimmed, never empty). */
  queryOptions: (q: string) => UseQueryOptions<O[], Error, O[], K>;
  /** The text shown for an option in the box and in the list. */
  getOptionLabel: (option: O) => string;
  /** A richer row in the list (the label by default). */
  renderOption?: (option: O) => ReactNode;
  /** The option already chosen when the form opens (its id is the field's value). */
  initialOption?: O | null;
  helperText?: ReactNode;
  onOptionChange?: (option: O | null) => void;
}

/**
 * A field that finds its value on the server as you type (after a pause), bound to the form as the chosen
 * option's id (null when none). Spanish texts for searching, no results and failures.
 */
export function AsyncPickerField<
  T extends FieldValues,
  O extends { id: number },
  TOut = T,
  K extends QueryKey = QueryKey,
>({
  control,
  name,
  queryOptions,
  getOptionLabel,
  renderOption,
  initialOption = null,
  helperText,
  onOptionChange,
  ...textProps
}: AsyncPickerFieldProps<T, O, TOut, K>) {
  const [chosen, setChosen] = useState<O | null>(initialOption);
  const [text, setText] = useState(initialOption ? getOptionLabel(initialOption) : '');
  const typed = text.trim();
  const q = useDebouncedValue(typed);
  // Nothing is asked while the box shows the chosen option's own label.
  const asking = q !== '' && !(chosen && getOptionLabel(chosen) === typed);
  const search = useQuery({ ...queryOptions(q), enabled: asking, placeholderData: keepPreviousData });
  const options = asking && typed !== '' ? (search.data ?? []) : chosen ? [chosen] : [];
  const loading = asking && (typed !== q || search.isFetching);

  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete<O>
          options={options}
          value={chosen}
          inputValue={text}
          filterOptions={(o) => o}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          getOptionLabel={getOptionLabel}
          loading={loading}
          loadingText="Buscando…"
          noOptionsText={
            search.isError ? 'No se pudo buscar. Intenta de nuevo.' : typed ? 'Sin resultados' : 'Escribe para buscar'
          }
          disabled={textProps.disabled}
          onInputChange={(_e, value) => setText(value)}
          onChange={(_e, option) => {
            setChosen(option);
            field.onChange(option?.id ?? null);
            onOptionChange?.(option);
          }}
          onBlur={field.onBlur}
          renderOption={(props, option) => (
            <li {...props} key={option.id}>
              {renderOption ? renderOption(option) : getOptionLabel(option)}
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              {...textProps}
              name={field.name}
              inputRef={field.ref}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? helperText}
              slotProps={{
                ...params.slotProps,
                input: {
                  ...params.slotProps.input,
                  endAdornment: (
                    <>
                      {loading && <CircularProgress size={16} aria-label="Buscando" />}
                      {params.slotProps.input.endAdornment}
                    </>
                  ),
                },
              }}
            />
          )}
        />
      )}
    />
  );
}
