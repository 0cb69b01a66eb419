import { useSnackbar } from '../lib/toast';
import { useEffect } from 'react';
import { onApiError } from '../lib/api-client';

/** Shows every API error (except 401 and silent calls) as a Spanish error toast. */
export function ApiErrorToasts() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => onApiError((e) => enqueueSnackbar(e.message, { variant: 'error' })), [enqueueSnackbar]);
  return null;
}
