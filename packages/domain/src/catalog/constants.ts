export const APP_NAME = 'AirLink';
export const APP_VERSION = '2.1.21';
/** Data table page sizes and default (docs/business-rules.md "Constants and limits"). */
export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 75, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Rows in paginated cards and dashboard grids. */
export const CARD_PAGE_SIZE = 10;
export const DASHBOARD_GRID_ROWS = 3;
export const SEARCH_LIST_MAX_HEIGHT_PX = 500;
export const SEARCH_RESULTS_LIMIT = 20;
export const NO_HUB_CONNECTION_MESSAGE = 'No hay conexión con el servidor de notificaciones';
export const NO_ACTIVE_CONNECTION_MESSAGE = 'No hay conexión activa';
