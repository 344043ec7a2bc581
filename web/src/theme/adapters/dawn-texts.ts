/** The texts Dawn has no place for, which the app embed writes from the extension's locale. */
const TEXTS_SCRIPT = 'script#knitfront-texts';

export interface DawnTexts {
  /** '≈ {amount}': a figure converted to the display currency. */
  approximate: string;
  /** 'Charged at checkout: {amount}', in the market currency. */
  chargedAtCheckout: string;
  /** 'Due today', the cart total's label when pre-orders leave something due later. */
  dueToday: string;
  /** 'Due later'. */
  dueLater: string;
}

/** The app embed's texts, or null when the page has none, or not all of them. */
export function readDawnTexts(): DawnTexts | null {
  try {
    const texts = JSON.parse(
      document.querySelector(TEXTS_SCRIPT)?.textContent ?? 'null',
    ) as Partial<DawnTexts> | null;
    const { approximate, chargedAtCheckout, dueToday, dueLater } = texts ?? {};
    return approximate && chargedAtCheckout && dueToday && dueLater
      ? { approximate, chargedAtCheckout, dueToday, dueLater }
      : null;
  } catch {
    return null;
  }
}
