import { companySchema, type Company, type CompanyInput } from '@airlink/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { companyKeys } from './company-query-keys';

/** PUT /api/empresa (level 20): the company data printed on contracts and receipts. */
async function updateCompany(input: CompanyInput): Promise<Company> {
  return readResponse(
    companySchema,
    await api.put<unknown>('/api/empresa', input, { silent: true }),
    'con los datos de la empresa',
  );
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (company) => queryClient.setQueryData(companyKeys.all, company),
  });
}
