import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import './app/shell.css';
import { startWhenReady } from './lib/start-when-ready';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

void startWhenReady(root, (container) =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
