/** What `h` accepts as children: nodes, text (always set as text, never parsed as HTML), or nothing. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

type Attribute = string | number | boolean | null | undefined | ((event: Event) => void);

/**
 * Creates an element. Text children become text nodes, so whatever a
 * trial's text holds is shown, never interpreted as markup.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, Attribute>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.replace(/^on/, ''), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (typeof child === 'string' || typeof child === 'number')
      parent.appendChild(document.createTextNode(String(child)));
    else if (child instanceof Node) parent.appendChild(child);
    else append(parent, child);
  }
}

/** A section of the report with an anchor for the navigation bar. */
export function section(id: string, title: string, ...children: Child[]): HTMLElement {
  return h('section', { id }, h('h2', {}, title), ...children);
}

export function byId(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`the report page has no #${id}`);
  return element;
}
