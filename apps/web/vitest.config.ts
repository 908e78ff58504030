import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Screens render whole pages in jsdom; on a loaded 2-core CI (two test workers) a render can pass 5 s, and a long
    // screen test 20 s, without anything being wrong.
    testTimeout: 30_000,
  },
});
