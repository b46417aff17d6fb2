/**
 * The few DOM shapes the demo page uses. The project's TypeScript setup
 * targets Node (no DOM library), and turning the DOM library on for one page
 * would change the types of every other file.
 */
export interface DemoEvent {
  preventDefault(): void;
}

export interface DemoElement {
  textContent: string | null;
  value: string;
  disabled: boolean;
  setAttribute(name: string, value: string): void;
  append(...nodes: (DemoElement | string)[]): void;
  replaceChildren(...nodes: (DemoElement | string)[]): void;
  addEventListener(type: string, listener: (event: DemoEvent) => void): void;
}

interface DemoGlobals {
  document: {
    body: DemoElement;
    getElementById(id: string): DemoElement | null;
    createElement(tag: string): DemoElement;
  };
  location: { search: string };
}

/** The page's globals, typed as the demo uses them. */
export const page = globalThis as unknown as DemoGlobals;

/** The element with this id; a missing one is a bug in the page, so it throws. */
export function byId(id: string): DemoElement {
  const element = page.document.getElementById(id);
  if (!element) throw new Error(`The demo page has no element #${id}.`);
  return element;
}

/** A new element with text and attributes. */
export function element(tag: string, text = '', attributes: Record<string, string> = {}): DemoElement {
  const created = page.document.createElement(tag);
  created.textContent = text;
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  return created;
}
