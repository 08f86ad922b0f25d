import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/dev': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  // No source maps in the build: the shop serves none (docs/decisions/009-safe-defaults.md).
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
