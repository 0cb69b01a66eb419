import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import './app/shell.css';
import { loadBusinessTimeZone } from './lib/business-time';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/** BUSINESS_TZ comes from the server before anything renders a date; while it cannot be read, say so and retry. */
async function start(container: HTMLElement) {
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
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

void start(root);
