import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

/**
 * A custom element whose light DOM is rendered by React: whatever the theme put inside (say a
 * server-rendered price to show without JavaScript) is replaced by the first render.
 *
 * Renders are batched: everything connected, changed or removed in one task renders together,
 * synchronously, in a microtask. So the theme's fallback is replaced before the browser paints,
 * with no flash of it or of an empty element, and every element the bundle upgrades at once
 * renders (and starts its effects, such as a discount lookup) in the same tick. An element moved
 * within the page keeps its React tree; one removed is unmounted, which runs its effects'
 * cleanups.
 */
export abstract class ReactElement extends HTMLElement {
  /** The React tree of the element, from its attributes. */
  abstract render(): ReactNode;

  connectedCallback() {
    schedule(this);
  }

  disconnectedCallback() {
    schedule(this);
  }

  attributeChangedCallback() {
    if (this.isConnected) schedule(this);
  }
}

/**
 * The attributes of an element by the spec's names, absent ones as null. HTML lower-cases
 * attribute names and getAttribute does too, so 'isPriceReady' reads isPriceReady, ispriceready
 * or ISPRICEREADY.
 */
export function readAttributes<const Name extends string>(
  element: Element,
  names: readonly Name[],
): Record<Name, string | null> {
  return Object.fromEntries(names.map((name) => [name, element.getAttribute(name)])) as Record<
    Name,
    string | null
  >;
}

/** The observedAttributes of an element that reads these names: what HTML makes of them. */
export function observed(names: readonly string[]): string[] {
  return names.map((name) => name.toLowerCase());
}

const roots = new WeakMap<ReactElement, Root>();
const pending = new Set<ReactElement>();

function schedule(element: ReactElement) {
  if (pending.size === 0) queueMicrotask(flush);
  pending.add(element);
}

function flush() {
  const elements = [...pending];
  pending.clear();
  for (const element of elements) {
    if (!element.isConnected) {
      roots.get(element)?.unmount();
      roots.delete(element);
    }
  }
  flushSync(() => {
    for (const element of elements) {
      if (!element.isConnected) continue;
      try {
        const tree = element.render();
        let root = roots.get(element);
        if (!root) {
          root = createRoot(element);
          roots.set(element, root);
        }
        root.render(tree);
      } catch (error) {
        // One element's bad attributes must not keep the others from rendering.
        reportError(error);
      }
    }
  });
}
