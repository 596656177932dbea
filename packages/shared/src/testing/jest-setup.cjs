/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, as jest loads its config and setup files */
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
