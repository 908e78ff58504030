import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The login route must stay at or under 150 kB gzip of initial JavaScript (see bench/web-bundle.ts):
// every page and the MUI shell are lazy routes, and the contract package is marked side-effect free
// so importing its message catalogue does not drag zod into the entry chunk.
export default defineConfig({
  plugins: [
    react(),
    // Installable app for field staff: a manifest, icons and a service worker that keeps the app's files, so the
    // portal opens with no connection and a check-in made offline waits on the phone (IndexedDB) until it syncs.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Bizdesk',
        short_name: 'Bizdesk',
        description: 'People, pay and operations for small and mid-size businesses.',
        theme_color: '#1d4ed8',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/portal',
        scope: '/',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        // The API is never answered from the cache: offline check-ins are queued by the page itself.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
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
