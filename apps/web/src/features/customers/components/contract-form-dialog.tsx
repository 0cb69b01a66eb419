import { contractInputSchema, type Contract, type ContractInput } from '@airlink/domain';
import { Alert, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/toast';
import { useRef, useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import { shapedResolver, useFormKit } from '../../../components/ui/use-form-kit';
import { ApiError } from '../../../lib/api-client';
import { useCreateContract } from '../api/create-contract';
import { contractQueryOptions } from '../api/get-contract';
import { useUpdateContract } from '../api/update-contract';
import { routerOutcome } from './contract-plan-section';
import {
  CONTRACT_FORM_FIELDS,
  contractToValues,
  installationIsDefault,
  newContractValues,
  valuesToPayloadInput,
  type ContractFormValues,
} from '../contract-form-values';
import { AddressSection } from './contract-form/address-section';
import { CustomerSection } from './contract-form/customer-section';
import { FiscalSection } from './contract-form/fiscal-section';
import { NetworkSection } from './contract-form/network-section';
import { ServiceSection } from './contract-form/service-section';

/** The shared schema checks the form (Spanish messages), after the form's values are made payload-shaped. */
const resolver = shapedResolver<ContractFormValues, ContractInput>(contractInputSchema, valuesToPayloadInput);

export interface ContractFormDialogProps {
  /** The contract to edit; without it the dialog creates a customer. */
  contract?: Contract;
  onClose: () => void;
  /** Called with the saved contract (after the toast). */
  onSaved?: (contract: Contract) => void;
}

/**
 * The contract data form ('Crear Nuevo Cliente' and Editar): every field of the contract payload,
 * checked with the shared schema. Choosing a service type sets the monthly amount, and the
 * installation cost to monthly + 1000 unless it was changed by hand. Mount it only while open.
 * One component per section (`contract-form/`: Cliente, Domicilio, Servicio, Red, Datos fiscales); the dialog holds the
 * form, the save with its version conflict and 'Recargar datos'. A new field goes into its section.
 */
export function ContractFormDialog({ contract, onClose, onSaved }: ContractFormDialogProps) {
  const editing = contract !== undefined;
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const createContract = useCreateContract();
  const updateContract = useUpdateContract();
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [version, setVersion] = useState(contract?.version);
  const [initial] = useState(() => (contract ? contractToValues(contract) : newContractValues()));
  // The installation cost follows the monthly amount until the user types their own.
  const installationByHand = useRef(!installationIsDefault(initial));

  const { form, formError, setFormError, submit } = useFormKit<ContractFormValues, ContractInput>({
    resolver,
    defaultValues: initial,
    serverFields: CONTRACT_FORM_FIELDS,
  });
  const { control, reset } = form;

  const save = async (values: ContractInput) => {
    setConflict(null);
    try {
      const saved =
        contract && version !== undefined
          ? await updateContract.mutateAsync({ id: contract.id, version, body: values })
          : await createContract.mutateAsync(values);
      enqueueSnackbar(editing ? 'Datos del contrato guardados' : 'Cliente creado', { variant: 'success' });
      const outcome = routerOutcome(saved);
      if (outcome) enqueueSnackbar(outcome.message, { variant: outcome.variant });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      // Someone else saved meanwhile: offer to reload; any other failure goes to the fields and the alert.
      if (error instanceof ApiError && error.code === 'version_conflict') setConflict(error.message);
      else throw error;
    }
  };

  const reload = async () => {
    if (!contract) return;
    setReloading(true);
    try {
      await queryClient.invalidateQueries({ queryKey: contractQueryOptions(contract.id).queryKey });
      const fresh = await queryClient.fetchQuery(contractQueryOptions(contract.id));
      const values = contractToValues(fresh);
      installationByHand.current = !installationIsDefault(values);
      reset(values);
      setVersion(fresh.version);
      setConflict(null);
      setFormError(null);
      enqueueSnackbar('Se cargaron los datos actuales. Revisa y vuelve a guardar.', { variant: 'info' });
    } catch (error) {
      setConflict(error instanceof Error ? error.message : 'No se pudieron recargar los datos.');
    } finally {
      setReloading(false);
    }
  };

  const submitting = createContract.isPending || updateContract.isPending;

  return (
    <FormDialog
      open
      title={editing ? 'Editar datos del contrato' : 'Crear Nuevo Cliente'}
      onClose={onClose}
      onSubmit={submit(save)}
      submitText={editing ? 'Guardar' : 'Crear cliente'}
      submitting={submitting || reloading}
      error={formError}
      maxWidth="md"
    >
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void reload()} disabled={reloading}>
              Recargar datos
            </Button>
          }
        >
          {conflict}
        </Alert>
      )}
      <CustomerSection control={control} autoFocus={!editing} />
      <AddressSection control={control} />
      <ServiceSection form={form} installationByHandRef={installationByHand} />
      <NetworkSection
        control={control}
        initialRouterId={initial.idRouter}
        storedPassword={contract?.tienePasswordPppoe ?? false}
      />
      <FiscalSection control={control} contratoId={contract?.id ?? null} />
    </FormDialog>
  );
}
