import { loadBusinessTimeZone } from './business-time';

/**
 * Both entries (the staff app and the customers' portal) read BUSINESS_TZ from the server before anything renders a
 * date; while it cannot be read, the page says so and retries (1 s, 2 s, 4 s… up to 30 s).
 */
export async function startWhenReady(container: HTMLElement, render: (container: HTMLElement) => void) {
  for (let attempt = 0; ; attempt++) {
    try {
      await loadBusinessTimeZone();
      break;
    } catch (e) {
      container.textContent = `${(e as Error).message} Reintentando…`;
      await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1_000 * 2 ** attempt)));
    }
  }
  container.textContent = '';
  render(container);
}
