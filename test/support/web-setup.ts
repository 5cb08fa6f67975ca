import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/preact';
import { afterAll, afterEach } from 'vitest';

// findBy… waits up to 5 s (not 1 s): the web tests share two cores with the server suite.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());

// jsdom has <dialog> without its modal methods: open and close it as a browser would, minus the modality.
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
  this.open = false;
};

// Preact runs effects after paint, with a 100 ms timer as the fallback for requestAnimationFrame; one
// left pending when a file's last test ends would fire after jsdom is gone ("cancelAnimationFrame is
// not defined"). Let it fire while the page still exists.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 150)));
