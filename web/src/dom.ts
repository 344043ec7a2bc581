/**
 * Sets an element's text only when it differs. The enhancers rewrite texts after every change of
 * the page they watch: writing the same text again would be a change of its own (observers would
 * run again) and a live region would read it out again.
 */
export function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

/**
 * Fills a theme text's {name} placeholders; a placeholder without a value stays as it is. The
 * values go in as they are, with no replacement patterns ('$&', '$$') read in them.
 */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/**
 * Marks the line under the pre-order button that says what checkout charges (its text in
 * data-text), which the buy buttons' enhancer writes with showChargedLine and the sticky footer
 * copies.
 */
export const BUY_CHARGED_LINE = 'data-kf-buy-charged';

/**
 * Brings a theme's line of what checkout charges (its text in data-text, '{amount}' the amount
 * charged) to what it shows now: it takes its room while the display currency differs from the
 * one checkout charges, invisible until the amount charged is known. Writes only what differs.
 */
export function showChargedLine(line: HTMLElement, differs: boolean, charged: string | null): void {
  const text = line.dataset.text;
  const shown = charged !== null && Boolean(text);
  if (shown && text) setText(line, fill(text, { amount: charged }));
  if (line.hidden === differs) line.hidden = !differs;
  const visibility = shown ? 'visible' : 'hidden';
  if (line.style.visibility !== visibility) line.style.visibility = visibility;
}
