/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as jest loads its config and setup files */
/* global beforeAll -- jest's, in a setup file after the environment */
require('@testing-library/jest-dom');

// antd measures the window; jsdom has no matchMedia.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
}

// antd's Table and Input observe their size; jsdom has no ResizeObserver.
if (typeof window !== 'undefined' && !window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// jsdom implements getComputedStyle without the pseudo-element argument antd's Table passes.
if (typeof window !== 'undefined') {
  const original = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element) => original(element);
}

// antd 6's scheduling helpers post through a MessageChannel, which jsdom lacks; a timer does the same
// job here (Node's own MessageChannel would keep jest from exiting).
if (typeof window !== 'undefined' && typeof globalThis.MessageChannel === 'undefined') {
  globalThis.MessageChannel = class {
    constructor() {
      const port = () => ({ onmessage: null, close() {}, start() {}, addEventListener() {}, removeEventListener() {} });
      this.port1 = port();
      this.port2 = port();
      const wire = (from, to) => (from.postMessage = (data) => setTimeout(() => to.onmessage && to.onmessage({ data })));
      wire(this.port1, this.port2);
      wire(this.port2, this.port1);
    }
  };
}

// findBy… and waitFor wait 1 s by default: an antd form validating or a table rendering on a busy CI
// machine can take longer. Waiting longer costs nothing when the answer comes at once.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });

// The console's server messages load after sign-in in the browser; a screen under test is signed in.
beforeAll(() => require('@uc/client').loadConsoleMessages());
