/**
 * Registers a custom element unless one of that name exists already, so that loading the bundle
 * twice on a page (a theme section re-rendered, a second script tag) never throws.
 */
export function defineElement(name: string, ctor: CustomElementConstructor): void {
  if (!customElements.get(name)) {
    customElements.define(name, ctor);
  }
}

interface Awaited {
  load: () => Promise<CustomElementConstructor>;
  /** The document's elements of the name: a live list, so a look at its length costs nothing. */
  found: HTMLCollection;
}

/** The elements waiting for their first appearance, by name. */
const awaited = new Map<string, Awaited>();
let watcher: MutationObserver | undefined;

/**
 * Registers a custom element whose code is a chunk of its own, loaded the first time an element
 * of that name is in the document: at once when the page has one, else when the theme adds one
 * (the cart drawer's widgets come with its first item). A page that never has one never downloads
 * its code. Until the class arrives the element shows what the theme put inside it; the browser
 * upgrades it when the class is defined.
 */
export function defineOnDemand(name: string, load: () => Promise<CustomElementConstructor>): void {
  if (customElements.get(name) || awaited.has(name)) return;
  awaited.set(name, { load, found: document.getElementsByTagName(name) });
  loadAppeared();
  if (awaited.size === 0 || watcher) return;
  watcher = new MutationObserver(loadAppeared);
  watcher.observe(document, { childList: true, subtree: true });
}

/** Loads and defines each awaited element that is now in the document. */
function loadAppeared() {
  for (const [name, { load, found }] of awaited) {
    if (found.length === 0) continue;
    awaited.delete(name);
    load().then((ctor) => defineElement(name, ctor), reportError);
  }
  if (awaited.size === 0) {
    watcher?.disconnect();
    watcher = undefined;
  }
}
