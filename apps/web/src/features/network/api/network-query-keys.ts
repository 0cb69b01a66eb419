/** TanStack Query keys of the network area (sites, routers, radios). */
export const networkKeys = {
  all: ['network'] as const,
  sites: () => [...networkKeys.all, 'sites'] as const,
  routers: () => [...networkKeys.all, 'routers'] as const,
  inventory: (routerId: number) => [...networkKeys.routers(), routerId, 'inventory'] as const,
  routerEvents: (routerId: number) => [...networkKeys.routers(), routerId, 'events'] as const,
  devices: () => [...networkKeys.all, 'devices'] as const,
  deviceList: (search: string) => [...networkKeys.devices(), 'list', search] as const,
  deviceStats: (siteId: number, deviceId: number) => [...networkKeys.devices(), 'stats', siteId, deviceId] as const,
};
