import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The login route must stay at or under 150 kB gzip of initial JavaScript (see bench/web-bundle.ts):
// every page and the MUI shell are lazy routes, and the contract package is marked side-effect free
// so importing its message catalogue does not drag zod into the entry chunk.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => !/packages[\\/]contract[\\/]/.test(id),
      },
    },
  },
});
