/** TanStack Query keys of the Finanzas report. */
export const financeReportKeys = {
  all: ['finance-report'] as const,
  report: (desde: string, hasta: string) => [...financeReportKeys.all, desde, hasta] as const,
};
