/**
 * Sets an element's text only when it differs. The enhancers rewrite texts after every change of
 * the page they watch: writing the same text again would be a change of its own (observers would
 * run again) and a live region would read it out again.
 */
export function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}
