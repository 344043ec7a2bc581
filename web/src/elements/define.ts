/**
 * Registers a custom element unless one of that name exists already, so that loading the bundle
 * twice on a page (a theme section re-rendered, a second script tag) never throws.
 */
export function defineElement(name: string, ctor: CustomElementConstructor): void {
  if (!customElements.get(name)) {
    customElements.define(name, ctor);
  }
}
