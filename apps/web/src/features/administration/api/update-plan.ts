import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { planSchema, type Plan, type PlanInput } from '@airlink/domain';
import { readResponse } from '../../../lib/read-response';
import { referenceKeys } from '../../../lib/reference-data';

export interface UpdatePlanVars {
  id: number;
  input: PlanInput;
}

/** PUT /api/planes/{id} (level 20): name, monthly amount, speeds and burst; the routers follow the new speed. */
async function updatePlan({ id, input }: UpdatePlanVars): Promise<Plan> {
  return readResponse(planSchema, await api.put<unknown>(`/api/planes/${id}`, input, { silent: true }), 'el plan');
}

/** Saves a plan; the contract form's plan list reads the new one. */
export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceKeys.plans() }),
  });
}
