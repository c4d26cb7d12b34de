// Builds the HTML report's viewer (this folder) into one self-contained
// page, dist/report-viewer/viewer.html; `endstate report --html` inlines a
// run's data into it. Run by `npm run build`.
import { URL, fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { viteSingleFile } from 'vite-plugin-singlefile';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: './',
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: here('../../../dist/report-viewer'),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    rollupOptions: { input: here('viewer.html') },
  },
  plugins: [viteSingleFile({ removeViteModuleLoader: true })],
});
