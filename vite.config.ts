import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The functions host serves /functions/v1 in production; in `vite` dev mode it is proxied to it.
const FUNCTIONS_PORT = Number(process.env.FUNCTIONS_PORT ?? 54321);

export default defineConfig({
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    proxy: { '/functions/v1': `http://127.0.0.1:${FUNCTIONS_PORT}` },
  },
  build: { target: 'es2022', sourcemap: true },
});
