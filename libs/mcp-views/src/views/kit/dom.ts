// Building the views' DOM from data without HTML strings: every text is a text node.
type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) element.setAttribute(name, value);
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

/** Replaces the view's content. */
export function show(...children: Child[]): void {
  const root = document.getElementById('view')!;
  root.replaceChildren(...children.filter((child): child is Node | string => Boolean(child)));
}

export function notice(text: string, kind: 'info' | 'error' = 'info'): HTMLElement {
  return el('p', { class: `notice notice-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
}
