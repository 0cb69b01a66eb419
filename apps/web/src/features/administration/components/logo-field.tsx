import { LOGO_MESSAGE, MAX_LOGO_BYTES } from '@airlink/domain';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Reads a chosen image as a data URL. */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('No se pudo leer la imagen'));
    reader.readAsDataURL(file);
  });
}

/** The company logo bound to the form as a data URL ('' without one): preview, choose, remove. */
export function LogoField<T extends FieldValues, TOut>({
  form,
  name,
  disabled,
}: {
  form: UseFormReturn<T, unknown, TOut>;
  name: Path<T>;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value as string | undefined) ?? '';
        const choose = async (file: File | undefined) => {
          if (!file) return;
          if (!TYPES.includes(file.type) || file.size > MAX_LOGO_BYTES) {
            // Shown under the field; the stored logo stays until another is chosen.
            form.setError(name, { type: 'validation', message: LOGO_MESSAGE });
            return;
          }
          field.onChange(await readAsDataUrl(file));
          form.clearErrors(name);
        };
        return (
          <Stack spacing={1}>
            <Typography variant="subtitle2">Logotipo</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Box
                sx={{
                  width: 160,
                  height: 80,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  bgcolor: 'background.default',
                  overflow: 'hidden',
                }}
              >
                {value ? (
                  <Box component="img" src={value} alt="Logotipo actual" sx={{ maxWidth: '100%', maxHeight: '100%' }} />
                ) : (
                  <ImageOutlinedIcon color="disabled" aria-label="Sin logotipo" />
                )}
              </Box>
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" disabled={disabled} onClick={() => input.current?.click()}>
                  {value ? 'Cambiar logotipo' : 'Elegir logotipo'}
                </Button>
                {value && (
                  <Button color="inherit" disabled={disabled} onClick={() => field.onChange('')}>
                    Quitar
                  </Button>
                )}
              </Stack>
              <input
                ref={input}
                type="file"
                hidden
                accept={TYPES.join(',')}
                aria-label="Archivo del logotipo"
                onChange={(e) => {
                  void choose(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </Stack>
            <FormHelperText error={Boolean(fieldState.error)}>
              {fieldState.error?.message ?? 'PNG, JPG o WebP de hasta 300 KB. Aparece en recibos y contratos.'}
            </FormHelperText>
          </Stack>
        );
      }}
    />
  );
}
