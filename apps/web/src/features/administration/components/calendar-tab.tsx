import {
  businessSettingsInputSchema,
  holidayInputSchema,
  mexicanFederalHolidays,
  WEEKDAY_NAMES,
  type BusinessSettings,
  type BusinessSettingsInput,
  type Holiday,
} from '@airlink/domain';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  IconButton,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSnackbar } from '../../../lib/toast';
import { Controller, useFieldArray } from 'react-hook-form';
import { SaveBar } from '../../../components/ui/save-bar';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { dayText } from '../../../components/ui/date-text';
import { ErrorState } from '../../../components/ui/error-state';
import { DateFormField, TextFormField } from '../../../components/ui/form-fields';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { businessDate } from '../../../lib/business-time';
import { useBusinessSettings } from '../api/get-business-settings';
import { useUpdateBusinessSettings } from '../api/update-business-settings';
import { fieldResolver } from './field-resolver';

interface CalendarFormValues {
  diasHabiles: number[];
  festivos: Holiday[];
}

/** Monday first, as a Mexican calendar reads. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/**
 * 'Días hábiles y festivos': the weekdays that are business days and the business's own holidays. The
 * cut-off date (paid-until + 3 business days) skips the days that are not, and the federal holidays always.
 */
export function CalendarTab() {
  const settings = useBusinessSettings();
  if (settings.isPending) return <CardSkeleton lines={8} />;
  if (settings.isError) return <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />;
  return <CalendarForm settings={settings.data} />;
}

function CalendarForm({ settings }: { settings: BusinessSettings }) {
  const update = useUpdateBusinessSettings();
  const { enqueueSnackbar } = useSnackbar();
  const { form, formError, submit } = useFormKit<CalendarFormValues, BusinessSettingsInput>({
    resolver: fieldResolver<CalendarFormValues, BusinessSettingsInput>(businessSettingsInputSchema, (v) => ({
      ...v,
      listaSuspension: settings.listaSuspension,
    })),
    defaultValues: { diasHabiles: settings.diasHabiles, festivos: settings.festivos },
  });
  const { control } = form;
  const holidays = useFieldArray({ control, name: 'festivos', keyName: 'key' });

  const save = submit(async (input) => {
    const saved = await update.mutateAsync(input);
    form.reset({ diasHabiles: saved.diasHabiles, festivos: saved.festivos });
    enqueueSnackbar('Días hábiles y festivos guardados', { variant: 'success' });
  });

  const year = Number(businessDate(new Date()).slice(0, 4));
  const federal = [...mexicanFederalHolidays(year), ...mexicanFederalHolidays(year + 1)];

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
              Días hábiles
            </Typography>
            <Typography variant="body2" color="text.secondary">
              La fecha de corte es la fecha pagada más 3 días hábiles.
            </Typography>
            <Controller
              control={control}
              name="diasHabiles"
              render={({ field, fieldState }) => (
                <>
                  <FormGroup row aria-label="Días hábiles">
                    {WEEK_ORDER.map((d) => (
                      <FormControlLabel
                        key={d}
                        label={WEEKDAY_NAMES[d]}
                        control={
                          <Checkbox
                            checked={field.value.includes(d)}
                            onChange={(e) =>
                              field.onChange(
                                e.target.checked ? [...field.value, d].sort() : field.value.filter((x) => x !== d),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
                </>
              )}
            />
          </Box>

          <Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
              Días festivos propios
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Además de los festivos oficiales: no cuentan como días hábiles para la fecha de corte.
            </Typography>
            {holidays.fields.length === 0 ? (
              <Typography variant="body2" sx={{ py: 1 }}>
                No hay días festivos propios.
              </Typography>
            ) : (
              <Box component="ul" aria-label="Días festivos propios" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {holidays.fields.map((h, i) => (
                  <Box
                    component="li"
                    key={h.key}
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 2,
                      py: 0.5,
                      borderBottom: 1,
                      borderColor: 'divider',
                    }}
                  >
                    <Typography sx={{ width: 96, flexShrink: 0 }}>{dayText(h.fecha)}</Typography>
                    <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{h.nombre}</Typography>
                    <Tooltip title="Quitar">
                      <IconButton aria-label={`Quitar ${h.nombre}`} onClick={() => holidays.remove(i)}>
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Tooltip>
                  </Box>
                ))}
              </Box>
            )}
            <Controller
              control={control}
              name="festivos"
              render={({ fieldState }) =>
                fieldState.error ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : <></>
              }
            />
            <AddHoliday
              taken={holidays.fields.map((h) => h.fecha)}
              onAdd={(h) => {
                const at = holidays.fields.findIndex((x) => x.fecha > h.fecha);
                if (at === -1) holidays.append(h);
                else holidays.insert(at, h);
                form.clearErrors('festivos');
              }}
            />
          </Box>

          <SaveBar pending={update.isPending} onClick={(e) => void save(e)} />
        </Stack>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
          Festivos oficiales {year} y {year + 1}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Ley Federal del Trabajo, art. 74. Siempre cuentan como días no hábiles.
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {federal.map((d) => (
            <Chip key={d} size="small" variant="outlined" label={dayText(d)} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The row that adds a holiday to the list (saved with the page's 'Guardar'). */
function AddHoliday({ taken, onAdd }: { taken: string[]; onAdd: (h: Holiday) => void }) {
  const { form, submit } = useFormKit<Holiday>({
    schema: holidayInputSchema,
    defaultValues: { fecha: '', nombre: '' },
  });
  const add = submit((h) => {
    if (taken.includes(h.fecha)) {
      form.setError('fecha', { type: 'validation', message: 'Ese día ya está en la lista' });
      return;
    }
    onAdd(h);
    form.reset({ fecha: '', nombre: '' });
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={add}
      aria-label="Agregar día festivo"
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 1,
        mt: 2,
        alignItems: { sm: 'flex-start' },
      }}
    >
      <DateFormField control={form.control} name="fecha" label="Fecha" size="small" sx={{ minWidth: 170 }} />
      <TextFormField
        control={form.control}
        name="nombre"
        label="Nombre del día festivo"
        size="small"
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="outlined" startIcon={<AddIcon />} sx={{ height: 40 }}>
        Agregar
      </Button>
    </Box>
  );
}
