/**
 * The network statistics' public face: the customer's radio (tiles' reading, Estadísticas tab) for the
 * customer panel, and the routers' bandwidth for the home. Charts live here: import this only from
 * lazily loaded pages or through a dynamic import (the first screen stays small).
 */
export { useRadioReading } from './components/use-radio-reading';
export { RadioStatusNote } from './components/radio-status-note';
export { RadioStatsTab } from './components/radio-stats-tab';
export { RouterBandwidthPanel } from './components/router-bandwidth-panel';
export { BandwidthDialog } from './components/bandwidth-dialog';
