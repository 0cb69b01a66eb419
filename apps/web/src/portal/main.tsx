import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startWhenReady } from '../lib/start-when-ready';
import { PortalApp } from './portal-app';
import './portal.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The portal's entry (portal.html): BUSINESS_TZ first (dates are shown in it), then the app.
void startWhenReady(root, (container) =>
  createRoot(container).render(
    <StrictMode>
      <PortalApp />
    </StrictMode>,
  ),
);
