/**
 * The network administration area's public face for other features: its pages load through areas.ts; other
 * features read the sites and routers lists through these (level 20).
 */
export { sitesQueryOptions, useSites } from './api/list-sites';
export { routersQueryOptions, useRouters } from './api/list-routers';
