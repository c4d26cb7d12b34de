import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EndstateError } from '../core/index.js';

/** The built viewer page; the same place from src/cli and dist/cli (both two levels down). */
export const VIEWER_TEMPLATE_PATH = fileURLToPath(
  new URL('../../dist/report-viewer/viewer.html', import.meta.url),
);

let cached: string | undefined;

/** The HTML report's viewer page, built by `npm run build` (vite, into one file). */
export function loadViewerTemplate(path = VIEWER_TEMPLATE_PATH): string {
  if (path === VIEWER_TEMPLATE_PATH && cached !== undefined) return cached;
  if (!existsSync(path)) {
    throw new EndstateError('E_FILE_NOT_FOUND', `the HTML report viewer is missing: ${path}`, {
      hint: 'Build endstate first (`npm run build`); the viewer page is made by the build.',
    });
  }
  const template = readFileSync(path, 'utf8');
  if (path === VIEWER_TEMPLATE_PATH) cached = template;
  return template;
}
