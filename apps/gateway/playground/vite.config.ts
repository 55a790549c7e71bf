// Builds GraphiQL into dist/playground so the gateway serves it itself: no CDN, no outside request.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/graphql/playground/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic' } },
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('../dist/playground', import.meta.url)),
    emptyOutDir: true,
    // Monaco is large by nature; the warning would only repeat that.
    chunkSizeWarningLimit: 8000,
    // Inline assets would need `data:` in more CSP directives; files keep the policy at 'self'.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // framer-motion's "use client" markers mean nothing outside React Server Components.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
