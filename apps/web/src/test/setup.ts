import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
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
