import { apiFetch } from '../../../lib/api-client';

export const API_DOCS_URL = '/api/docs';

/**
 * Opens the API documentation (Swagger UI) in a new tab. A navigation carries no bearer token, so the
 * server is first asked for a short-lived cookie scoped to /api/docs (level 20 in production). The tab
 * is opened during the click, before the request, so popup blockers let it through; it is pointed at
 * the docs once the cookie is set, or closed if the request failed (the API client shows the error).
 */
export async function openApiDocs(): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    await apiFetch<void>('/api/docs/session', { method: 'POST' });
  } catch {
    tab?.close();
    return;
  }
  if (tab) {
    tab.opener = null;
    tab.location.href = API_DOCS_URL;
  } else {
    window.open(API_DOCS_URL, '_blank', 'noopener');
  }
}
