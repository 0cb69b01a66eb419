import {
  fiscalDataAnswerSchema,
  globalPreviewSchema,
  invoiceSchema,
  invoiceTotalsSchema,
  invoicingSettingsSchema,
  pagedSchema,
  receiptSentSchema,
  type FiscalData,
  type Invoice,
  type InvoiceState,
  type InvoicingSettingsInput,
  type MotivoCancelacion,
  type ReceiptSendInput,
  z,
} from '@airlink/domain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readResponse } from '../../../lib/read-response';
import { downloadFile } from '../../../lib/download-file';

/** TanStack Query keys of invoicing (issue 26). */
export const invoicingKeys = {
  all: ['invoicing'] as const,
  lists: () => [...invoicingKeys.all, 'list'] as const,
  list: (search: string) => [...invoicingKeys.lists(), search] as const,
  totals: (periodo: string) => [...invoicingKeys.all, 'totals', periodo] as const,
  preview: (periodo: string) => [...invoicingKeys.all, 'preview', periodo] as const,
  settings: () => [...invoicingKeys.all, 'settings'] as const,
  fiscalData: (contratoId: number) => [...invoicingKeys.all, 'fiscal-data', contratoId] as const,
};

/** The list's filters; '' means "any". */
export interface InvoiceFilters {
  estado: InvoiceState | '';
  periodo: string;
  idContrato: string;
}

/** GET /api/facturas query: the page and only the filters in use (a contract number that is not one is left out). */
export function invoiceListSearch(page: number, pageSize: number, f: InvoiceFilters): string {
  const q = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (f.estado) q.set('estado', f.estado);
  if (/^\d{4}-\d{2}$/.test(f.periodo)) q.set('periodo', f.periodo);
  if (/^\d+$/.test(f.idContrato.trim())) q.set('idContrato', f.idContrato.trim());
  return `?${q.toString()}`;
}

const pagedInvoices = pagedSchema(invoiceSchema);

/** GET /api/facturas (level 16): newest first, paged and filtered on the server. */
export function useInvoices(search: string) {
  return useQuery(
    queryOptions({
      queryKey: invoicingKeys.list(search),
      queryFn: async ({ signal }) =>
        readResponse(
          pagedInvoices,
          await api.get<unknown>(`/api/facturas${search}`, { signal, silent: true }),
          'la lista de facturas',
        ),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /api/facturas/totales: the month's invoices and amount by state. */
export function useInvoiceTotals(periodo: string) {
  return useQuery({
    queryKey: invoicingKeys.totals(periodo),
    queryFn: async ({ signal }) =>
      readResponse(
        invoiceTotalsSchema,
        await api.get<unknown>(`/api/facturas/totales?periodo=${periodo}`, { signal, silent: true }),
        'con los totales de facturas',
      ),
    enabled: /^\d{4}-\d{2}$/.test(periodo),
  });
}

/** GET /api/facturas/global/vista-previa (level 20). */
export function useGlobalPreview(periodo: string, enabled: boolean) {
  return useQuery({
    queryKey: invoicingKeys.preview(periodo),
    queryFn: async ({ signal }) =>
      readResponse(
        globalPreviewSchema,
        await api.get<unknown>(`/api/facturas/global/vista-previa?periodo=${periodo}`, { signal, silent: true }),
        'con la vista previa de la factura global',
      ),
    enabled: enabled && /^\d{4}-\d{2}$/.test(periodo),
  });
}

function useRefreshInvoices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invoicingKeys.all });
}

/** POST /api/facturas/global (level 20). */
export function useIssueGlobal() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: async (periodo: string) =>
      readResponse(
        z.array(invoiceSchema),
        await api.post<unknown>('/api/facturas/global', { periodo }, { silent: true }),
        'con la factura global',
      ),
    onSettled: refresh,
  });
}

/** POST /api/facturas/{id}/cancelar (level 20). */
export function useCancelInvoice() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: async ({ id, motivo, sustituta }: { id: number; motivo: MotivoCancelacion; sustituta?: number }) =>
      readResponse(
        invoiceSchema,
        await api.post<unknown>(
          `/api/facturas/${id}/cancelar`,
          { motivo, ...(sustituta ? { sustituta } : {}) },
          { silent: true },
        ),
        'con la factura cancelada',
      ),
    onSettled: refresh,
  });
}

/** POST /api/facturas/{id}/actualizar (level 20): asks the PAC about a pending cancellation now. */
export function useRefreshCancellation() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: async (id: number) =>
      readResponse(invoiceSchema, await api.post<unknown>(`/api/facturas/${id}/actualizar`, {}), 'con la factura'),
    onSettled: refresh,
  });
}

/** POST /api/facturas/{id}/whatsapp: the PDF and XML to the contract's phone (or the one given). */
export function useSendInvoice() {
  return useMutation({
    mutationFn: async ({ id, input }: { id: number; input: ReceiptSendInput }) =>
      readResponse(
        receiptSentSchema,
        await api.post<unknown>(`/api/facturas/${id}/whatsapp`, input, { silent: true }),
        'con la factura enviada',
      ),
  });
}

/** POST /api/facturas {idPago} (level 16): invoice a payment now. */
export function useInvoicePayment() {
  const refresh = useRefreshInvoices();
  return useMutation({
    mutationFn: async (idPago: number): Promise<Invoice> =>
      readResponse(
        invoiceSchema,
        await api.post<unknown>('/api/facturas', { idPago }, { silent: true }),
        'con la factura',
      ),
    onSettled: refresh,
  });
}

/** GET /api/facturas/{id}/pdf|xml with the bearer token, saved as a file. Answers the file name. */
export function downloadInvoiceFile(invoice: Pick<Invoice, 'id' | 'serie' | 'folio'>, kind: 'pdf' | 'xml') {
  return downloadFile(`/api/facturas/${invoice.id}/${kind}`, {
    fallbackName: `factura-${invoice.serie}${invoice.folio ?? invoice.id}.${kind}`,
    failure: (status) => `No se pudo descargar el ${kind.toUpperCase()} (${status}).`,
  });
}

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: ({ invoice, kind }: { invoice: Invoice; kind: 'pdf' | 'xml' }) => downloadInvoiceFile(invoice, kind),
  });
}

// Fiscal data of a contract ------------------------------------------------------------------------------------

const fiscalDataAnswer = fiscalDataAnswerSchema.nullable();

export const fiscalDataQueryOptions = (contratoId: number) =>
  queryOptions({
    queryKey: invoicingKeys.fiscalData(contratoId),
    queryFn: async ({ signal }) =>
      readResponse(
        fiscalDataAnswer,
        await api.get<unknown>(`/api/contratos/${contratoId}/datos-fiscales`, { signal, silent: true }),
        'con los datos fiscales',
      ),
  });

/** GET /api/contratos/{id}/datos-fiscales (level 16): null when the contract has none. */
export function useFiscalData(contratoId: number, enabled = true) {
  return useQuery({ ...fiscalDataQueryOptions(contratoId), enabled });
}

/** PUT /api/contratos/{id}/datos-fiscales: 400 per field in Spanish. */
export function useSaveFiscalData(contratoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (data: FiscalData) =>
      readResponse(
        fiscalDataAnswer,
        await api.put<unknown>(`/api/contratos/${contratoId}/datos-fiscales`, data, { silent: true }),
        'con los datos fiscales',
      ),
    onSuccess: (saved) => queryClient.setQueryData(invoicingKeys.fiscalData(contratoId), saved),
  });
}

// Administración › Facturación ---------------------------------------------------------------------------------

const SETTINGS = '/api/facturacion/ajustes';

export function useInvoicingSettings() {
  return useQuery({
    queryKey: invoicingKeys.settings(),
    queryFn: async ({ signal }) =>
      readResponse(
        invoicingSettingsSchema,
        await api.get<unknown>(SETTINGS, { signal, silent: true }),
        'con la configuración de facturación',
      ),
  });
}

/** PUT /api/facturacion/ajustes: `llave` absent keeps the stored key, '' removes it. */
export function useSaveInvoicingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: InvoicingSettingsInput) =>
      readResponse(
        invoicingSettingsSchema,
        await api.put<unknown>(SETTINGS, input, { silent: true }),
        'con la configuración de facturación',
      ),
    onSuccess: (saved) => queryClient.setQueryData(invoicingKeys.settings(), saved),
  });
}
