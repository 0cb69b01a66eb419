import { Box, Stack, Typography } from '@mui/material';
import type { FieldErrors, Path, Resolver } from 'react-hook-form';
import { CustomerPickerField } from '../../../components/ui/customer-picker-field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { type AdoptInput, type InventoryEntry } from '@airlink/domain';
import { useSnackbar } from '../../../lib/toast';
import { useAdoptRouterEntries } from '../api/adopt-router-entries';
import { entryKindLabel } from './inventory-format';

interface AdoptValues {
  vinculos: Array<{ idContrato: number | null }>;
}

/** The link of one router entry: a PPP secret by its user, a queue by its customer IP. */
function linkOf(entry: InventoryEntry, idContrato: number): AdoptInput['vinculos'][number] {
  return entry.tipo === 'pppoe' ? { idContrato, usuarioPppoe: entry.nombre } : { idContrato, ip: entry.ip };
}

/** Every entry needs its contract, and a queue needs a customer IP to be linked by. */
function adoptResolver(entries: readonly InventoryEntry[]): Resolver<AdoptValues, unknown, AdoptInput> {
  return (values) => {
    const errors: Record<number, { idContrato: { type: string; message: string } }> = {};
    const vinculos: AdoptInput['vinculos'] = [];
    entries.forEach((entry, i) => {
      const id = values.vinculos[i]?.idContrato ?? null;
      const message =
        entry.tipo === 'cola' && !entry.ip
          ? 'Esta cola no apunta a una IP de cliente: no se puede vincular'
          : id === null
            ? 'Elige el contrato de esta entrada'
            : null;
      if (message) errors[i] = { idContrato: { type: 'validation', message } };
      else vinculos.push(linkOf(entry, id!));
    });
    if (Object.keys(errors).length > 0) {
      return {
        values: {} as Record<string, never>,
        errors: { vinculos: errors } as unknown as FieldErrors<AdoptValues>,
      };
    }
    return { values: { vinculos }, errors: {} };
  };
}

export interface AdoptDialogProps {
  routerId: number;
  /** The chosen 'solo en el router' entries. */
  entries: readonly InventoryEntry[];
  onClose: () => void;
  /** Called after the router confirmed the adoption. */
  onAdopted: () => void;
}

/**
 * 'Adoptar': the contract of each chosen router entry (the customer search), then one POST that links them all
 * and sets their profile or queue to the contract's plan. A 409 (entry or contract already linked) keeps the
 * dialog open with the server's Spanish reason.
 */
export function AdoptDialog({ routerId, entries, onClose, onAdopted }: AdoptDialogProps) {
  const adopt = useAdoptRouterEntries(routerId);
  const { enqueueSnackbar } = useSnackbar();
  const fields = entries.map((_e, i) => `vinculos.${i}.idContrato` as Path<AdoptValues>);
  const { form, formError, submit } = useFormKit<AdoptValues, AdoptInput>({
    resolver: adoptResolver(entries),
    defaultValues: { vinculos: entries.map(() => ({ idContrato: null })) },
    serverFields: fields,
  });

  const onSubmit = submit(async (input) => {
    const result = await adopt.mutateAsync(input);
    enqueueSnackbar(result.mensaje, { variant: 'success' });
    onAdopted();
    onClose();
  });

  return (
    <FormDialog
      open
      title={entries.length === 1 ? 'Adoptar 1 entrada del router' : `Adoptar ${entries.length} entradas del router`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitText="Adoptar"
      submitting={adopt.isPending}
      error={formError}
      maxWidth="md"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Elige el contrato de cada entrada. Al adoptarla, AirLink la vincula al contrato y le pone el perfil o la
        velocidad de su plan.
      </Typography>
      <Stack spacing={2} component="ol" aria-label="Entradas a adoptar" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {entries.map((entry, i) => (
          <Box
            component="li"
            key={`${entry.tipo}:${entry.nombre}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 3fr)' },
              gap: { xs: 1, sm: 2 },
              alignItems: 'start',
            }}
          >
            <Box sx={{ minWidth: 0, pt: { sm: 1 } }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{entry.nombre}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[entryKindLabel(entry), entry.ip, entry.perfil, entry.comentario].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
            <CustomerPickerField
              control={form.control}
              name={fields[i]!}
              label={`Contrato de ${entry.nombre}`}
              fullWidth
            />
          </Box>
        ))}
      </Stack>
    </FormDialog>
  );
}
