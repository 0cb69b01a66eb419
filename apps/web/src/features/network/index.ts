/**
 * The network administration area's public face for other features: its pages load through areas.ts; the
 * contract form reads the routers list through this (level 20), so both share one cached query.
 */
export { routersQueryOptions } from './api/list-routers';
