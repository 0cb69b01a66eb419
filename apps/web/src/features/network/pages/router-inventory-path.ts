/** The address of a router's 'Inventario del router' page (docs/access.md "Pages"). */
export const routerInventoryPath = (routerId: number) => `/dashboard/inventario-router?id=${routerId}`;
