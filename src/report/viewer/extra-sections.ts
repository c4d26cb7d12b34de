import type { HtmlReportSection } from '../rendering/html-report-data.js';
import type { Child } from './dom.js';
import { section } from './dom.js';
import type { ReportModel } from './report-model.js';
import { renderValue } from './render-value.js';

/**
 * Renderers of extra sections by id. A section with no renderer here is
 * drawn as a generic table of its data, so a new kind (a comparison with
 * another run, say) shows at once and gets its own drawing by adding one
 * entry: `comparison: (data) => renderComparison(data as Comparison)`.
 */
export const SECTION_RENDERERS: Readonly<
  Record<string, (data: HtmlReportSection['data'], model: ReportModel) => Child>
> = {};

export function renderExtraSection(extra: HtmlReportSection, model: ReportModel): HTMLElement {
  const render = SECTION_RENDERERS[extra.id];
  return section(
    `section-${extra.id}`,
    extra.title,
    render ? render(extra.data, model) : renderValue(extra.data),
  );
}
