import type { ReceiptListQuery } from '@airlink/domain';
import type { ServerTableParams } from '../../../components/ui/use-server-table';

/** What a receipts grid of the home dashboard asks for: a page, and optionally dates or a group. */
export type HomeReceiptsParams = ServerTableParams & Partial<Pick<ReceiptListQuery, 'desde' | 'hasta' | 'grupo'>>;

/**
 * TanStack Query keys of the home dashboard. Everything lives under `homeKeys.all`, so a
 * PaymentRegistered push refreshes the whole dashboard with one invalidation.
 */
export const homeKeys = {
  all: ['home'] as const,
  financial: () => [...homeKeys.all, 'financial'] as const,
  cashOffices: () => [...homeKeys.all, 'cash-offices'] as const,
  receipts: (params: HomeReceiptsParams) => [...homeKeys.all, 'receipts', params] as const,
  reconnections: (params: ServerTableParams) => [...homeKeys.all, 'reconnections', params] as const,
  dueServices: (params: ServerTableParams) => [...homeKeys.all, 'due-services', params] as const,
};

/**
 * Dashboard data is refreshed by the hub (PaymentRegistered, and after a reconnection), so it does
 * not need to be asked for again on its own more often than this.
 */
export const HOME_STALE_TIME_MS = 5 * 60 * 1000;

/**
 * Pushes reach the dashboard only while it is on screen, so coming back to it always asks again
 * (the cached figures show meanwhile): a payment registered while the user was on another page is
 * never missing.
 */
export const HOME_REFETCH_ON_MOUNT = 'always' as const;
