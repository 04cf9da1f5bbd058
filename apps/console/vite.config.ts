// The console is built to dist/ and served by the cloud under /console/ (apps/cloud/src/console-static):
// every address in the build starts with that base. No plugin: Vite turns TSX into React's
// automatic JSX runtime by itself, and the console needs no fast refresh in its build.
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/console/',
  build: {
    // Hashed names under assets/, which the cloud serves with a year-long immutable cache.
    assetsDir: 'assets',
    target: 'es2022',
    // The module-preload polyfill is an inline script, which the console's CSP forbids; every
    // browser the console supports preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // React Query marks its modules "use client" for server components, meaningless in a bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:4600' } },
});
