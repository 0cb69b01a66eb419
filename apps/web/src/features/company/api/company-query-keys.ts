/** TanStack Query keys of the company area. */
export const companyKeys = {
  all: ['company'] as const,
};
