import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * One Vite config for the client build (dist/client, with a manifest the publisher reads), the SSR
 * build of src/web/entry-server.tsx (dist/server, `vite build --ssr`) and Vitest.
 * CSS is not code-split: the prerendered HTML links one stylesheet, so no route paints unstyled
 * while its lazily loaded chunk arrives.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: here('./src/web'),
  publicDir: here('./src/web/public'),
  plugins: [react()],
  build: isSsrBuild
    ? {
        outDir: here('./dist/server'),
        emptyOutDir: true,
        // `vite build --ssr` sets build.ssr to true, so the entry is named as the input.
        ssr: true,
        rollupOptions: { input: here('./src/web/entry-server.tsx') },
      }
    : {
        outDir: here('./dist/client'),
        emptyOutDir: true,
        manifest: true,
        cssCodeSplit: false,
        rollupOptions: { input: here('./src/web/index.html') },
      },
  test: {
    root: here('.'),
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
}));
