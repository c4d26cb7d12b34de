import type { TrialRecord } from '../../schema/index.js';
import { h } from './dom.js';
import type { ReportModel } from './report-model.js';
import { trialLabel } from './report-model.js';
import type { TrialLoader } from './trial-chunks.js';
import { renderTrial } from './trace-view.js';

export interface TracePanel {
  show(index: number): void;
  hide(): void;
}

/**
 * The side panel that shows one trial. Its record is decoded only now;
 * a newer request wins over a slower older one.
 */
export function createTracePanel(
  panel: HTMLElement,
  model: ReportModel,
  loader: TrialLoader,
  close: () => void,
): TracePanel {
  let showing = -1;
  const nextFailure = (from: number): number | undefined =>
    model.failed.find((index) => index > from);
  const go = (index: number | undefined): void => {
    if (index !== undefined && index >= 0 && index < model.cells.length) model.open(index);
  };
  const bar = (index: number): HTMLElement =>
    h(
      'div',
      { class: 'trace-bar' },
      h('button', { type: 'button', class: 'close', title: 'close (Esc)', onclick: close }, '×'),
      h(
        'button',
        { type: 'button', disabled: index === 0, onclick: () => go(index - 1) },
        '‹ previous',
      ),
      h(
        'button',
        { type: 'button', disabled: index >= model.cells.length - 1, onclick: () => go(index + 1) },
        'next ›',
      ),
      h(
        'button',
        {
          type: 'button',
          disabled: nextFailure(index) === undefined,
          onclick: () => go(nextFailure(index)),
        },
        'next failure »',
      ),
      h('span', { class: 'trace-title' }, trialLabel(model, index)),
    );
  const body = (content: Node): HTMLElement => h('div', { class: 'trace-body' }, content);

  panel.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('[data-call-link]');
    if (link === null) return;
    const target = panel.querySelector(
      `[data-call="${CSS.escape(link.getAttribute('data-call-link') ?? '')}"]`,
    );
    if (target === null) return;
    target.scrollIntoView({ block: 'center' });
    target.classList.remove('flash');
    void (target as HTMLElement).offsetWidth;
    target.classList.add('flash');
  });

  return {
    show(index) {
      showing = index;
      panel.hidden = false;
      document.body.classList.add('trace-open');
      panel.removeAttribute('data-loaded');
      panel.replaceChildren(bar(index), body(h('p', { class: 'loading' }, 'Opening the trial…')));
      loader.load(index).then(
        (trial: TrialRecord) => {
          if (showing !== index) return;
          panel.replaceChildren(bar(index), body(renderTrial(trial)));
          panel.scrollTop = 0;
          panel.setAttribute('data-loaded', String(index));
        },
        (error: unknown) => {
          if (showing !== index) return;
          panel.replaceChildren(
            bar(index),
            body(
              h('p', { class: 'error-text' }, `This trial could not be opened: ${String(error)}`),
            ),
          );
        },
      );
    },
    hide() {
      showing = -1;
      panel.hidden = true;
      panel.replaceChildren();
      document.body.classList.remove('trace-open');
    },
  };
}
