/** The shapes of Facturapi's v2 API that AirLink sends and reads (docs/protocols/facturapi.md). */

export interface FacturapiCustomer {
  legal_name: string;
  tax_id: string;
  tax_system: string;
  email?: string;
  address: { zip: string; country?: string };
}

export interface FacturapiItem {
  quantity: number;
  product: {
    description: string;
    product_key: string;
    unit_key: string;
    unit_name?: string;
    price: number;
    tax_included: boolean;
    taxes: { type: 'IVA'; rate: number }[];
    sku?: string;
  };
}

export interface FacturapiInvoiceInput {
  customer: FacturapiCustomer;
  items: FacturapiItem[];
  use: string;
  payment_form: string;
  payment_method: 'PUE';
  series: string;
  external_id: string;
  idempotency_key: string;
  global?: { periodicity: 'month'; months: string; year: number };
  related_documents?: { relationship: string; documents: string[] }[];
}

export type FacturapiInvoiceStatus = 'draft' | 'pending' | 'valid' | 'canceled' | 'failed';
export type FacturapiCancellationStatus = 'none' | 'pending' | 'verifying' | 'accepted' | 'rejected' | 'expired';

export interface FacturapiInvoice {
  id: string;
  status: FacturapiInvoiceStatus;
  cancellation_status: FacturapiCancellationStatus;
  uuid: string | null;
  folio_number: number | null;
  series: string | null;
  total: number;
  created_at: string;
  external_id?: string | null;
}

export interface FacturapiErrorBody {
  ok?: false;
  status?: number;
  code?: string;
  message?: string;
  path?: string;
  errors?: { code?: string; path?: string; message?: string; source?: string }[];
}
