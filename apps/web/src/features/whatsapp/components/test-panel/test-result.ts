import type { AlertColor } from '@mui/material';
import type { RefObject } from 'react';

/** An outcome of the test panel, shown in the result panel with the spec's texts. */
export interface TestResult {
  severity: AlertColor;
  text: string;
  details?: Array<{ ok: boolean; text: string }>;
}

/** Shows an outcome; `scrollTo` is the element brought into view (the result panel when absent). */
export type ReportResult = (result: TestResult, scrollTo?: RefObject<HTMLElement | null>) => void;

export const errorText = (e: unknown) => (e instanceof Error ? e.message : 'Error desconocido');
