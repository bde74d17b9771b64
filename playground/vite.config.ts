/**
 * `npm run build:playground`: the playground as static files in playground/dist/ that work
 * opened straight from the file system. Browsers refuse ES module scripts from file:// (and any
 * `crossorigin` fetch there), so the bundle is one classic script (IIFE) loaded with `defer`.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { linkedPages } from './build/pages.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** One classic deferred script and a plain stylesheet link: what file:// pages can load. */
function fileUrlFriendly(): Plugin {
  return {
    name: 'dsq-file-url',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return html
          .replace(/<script type="module" crossorigin src=/g, '<script defer src=')
          .replace(/<script type="module" src=/g, '<script defer src=')
          .replace(/<link rel="stylesheet" crossorigin href=/g, '<link rel="stylesheet" href=');
      },
    },
  };
}

/** The syntax diagrams, the reference and the lint rule pages, beside index.html. */
function linkedPagesPlugin(): Plugin {
  return {
    name: 'dsq-linked-pages',
    apply: 'build',
    generateBundle() {
      for (const p of linkedPages(root)) this.emitFile({ type: 'asset', fileName: p.fileName, source: p.source });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  plugins: [fileUrlFriendly(), linkedPagesPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: false,
    target: 'es2022',
    reportCompressedSize: false,
    chunkSizeWarningLimit: 2000,
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    rolldownOptions: {
      output: { format: 'iife', codeSplitting: false },
    },
  },
});
