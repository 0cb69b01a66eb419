/** TanStack Query keys of the administration area (accounts live in lib/reference-data, shared by every area). */
export const administrationKeys = {
  all: ['administration'] as const,
  settings: () => [...administrationKeys.all, 'settings'] as const,
  onlinePayments: () => [...administrationKeys.all, 'online-payments'] as const,
  whatsappInstances: () => [...administrationKeys.all, 'whatsapp-instances'] as const,
};
