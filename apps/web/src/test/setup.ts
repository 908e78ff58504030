import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy…/waitFor wait up to 5 s (the library's default is 1 s): on a loaded two-core machine (CI runs the API
// suites and the browser tests beside these) a first render of a page with the data grid can take longer than 1 s.
// A test that passes only slowly still fails on what it asserts.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The spec logs some answers (delete-old, logo upload); keep test output readable.
console.debug = () => undefined;
