import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect } from 'vitest';
import { setBusinessTz } from '../lib/business-time';

// What GET /api/config answers by default; main.tsx loads it before rendering.
setBusinessTz('America/Mexico_City');

afterEach(() => cleanup());

// findBy*/waitFor give up after 1 s by default: a lazy page under jsdom on a busy machine takes longer (the login
// page failed so at load 25). A wait ends as soon as its condition holds, so a longer limit costs a quiet machine
// nothing; it catches what never appears, not a slow machine. Tests do not pass shorter limits of their own.
configure({ asyncUtilTimeout: 30_000 });

// jsdom has no modal dialogs: open and close a <dialog> the way a browser does (the phone's sidebar is one).
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// The web project runs in vitest's vmThreads pool (vite.config.ts): each file has its own module graph in a VM
// context. Two lazy pages imported at once that both reach a library module not linked yet can fail with
// "request for '@mui/material/SvgIcon' is not in cache" (vitest-dev/vitest#11096, fixed in vitest 5, which needs
// Node 22). A file that renders components (*.test.tsx) links the libraries the pages share first, one after the
// other, so its lazy imports find nothing shared left to link at once; the plain *.test.ts files skip that cost.
if (expect.getState().testPath?.endsWith('.tsx')) {
  await import('@mui/material');
  await import('@mui/material/SvgIcon');
  await import('@mui/x-data-grid');
}
