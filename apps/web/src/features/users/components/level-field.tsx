import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { LevelSelect, type LevelSelectProps } from './level-select';

export type LevelFieldProps<T extends FieldValues> = Omit<
  LevelSelectProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'error'
> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/** The level select bound to a react-hook-form field, showing the field's error in place of the hint. */
export function LevelField<T extends FieldValues>({ control, name, helperText, ...rest }: LevelFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <LevelSelect
          {...rest}
          name={field.name}
          ref={field.ref}
          value={field.value as number | string | undefined}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
