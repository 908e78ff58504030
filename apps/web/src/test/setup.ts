import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The spec logs some answers (delete-old, logo upload); keep test output readable.
console.debug = () => undefined;
