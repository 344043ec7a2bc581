import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { CURRENCIES, CURRENCY_SWITCHER_LABEL, type Currency } from '../constants';
import { fill } from '../dom';
import { currencyOption } from '../market/currency';
import { useMarket, type RatesDay } from '../market/store';

const symbolOf = (currency: Currency | null) =>
  (currency && currencyOption(currency)?.symbol) ?? '';

/**
 * The theme's texts for what the switcher says of the rates, each with its placeholders: {date}
 * for the rates' day, {currency} for the market currency. A text the theme does not give is not
 * shown.
 */
export interface RatesTexts {
  /** 'Rates of {date}'. */
  ratesOf?: string | null;
  /** Why prices show in the market currency: 'The rates of {date} are out of date…'. */
  ratesStale?: string | null;
  /** The button back to the market currency: 'Show prices in {currency}, the currency you pay in'. */
  payCurrency?: string | null;
}

/**
 * Days are written day first with the month short ('20 Nov'), whatever the page's language. Made
 * on first use: building a DateTimeFormat loads the browser's calendar data, about 30 ms of main
 * thread on a phone, which every page would pay while loading the bundle though few show a
 * switcher.
 */
let ratesDayFormat: Intl.DateTimeFormat | undefined;

/**
 * What the switcher says of the market's rates, from the theme's texts: their day, or why prices
 * show in the market currency when they are stale. Null when there is nothing to say (no answer
 * yet, no text, no day).
 */
export function ratesLine(
  day: RatesDay | undefined,
  marketCurrency: Currency | null,
  texts: RatesTexts,
): string | null {
  if (!day?.date || marketCurrency === null) return null;
  const text = day.stale ? texts.ratesStale : texts.ratesOf;
  if (!text) return null;
  ratesDayFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const date = ratesDayFormat.format(new Date(`${day.date}T00:00:00Z`));
  return fill(text, { date, currency: marketCurrency });
}

/**
 * The currency dropdown: a button showing the display currency that toggles a list of the
 * currencies; choosing one closes the list and shows prices in it. Keyboard: Enter or Space
 * toggles, the arrows open the list and move through it, Enter chooses, Escape closes. Below
 * 767 px the list opens as a sheet at the bottom of the screen (styles.ts). Under the list it
 * says how old the market's rates are, or why prices show in the market currency when they are
 * stale, and, while prices show in another currency, offers the market currency, the one checkout
 * charges, as a button.
 */
export function CurrencySwitcher(texts: RatesTexts) {
  const current = useMarket((state) => state.displayCurrency);
  const marketCurrency = useMarket((state) => state.marketCurrency);
  const ratesDay = useMarket((state) =>
    state.marketCurrency === null ? undefined : state.ratesDays[state.marketCurrency],
  );
  const setDisplayCurrency = useMarket((state) => state.setDisplayCurrency);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const show = (index = CURRENCIES.findIndex((option) => option.currency === current)) => {
    setActive(Math.max(0, index));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (currency: Currency) => {
    setDisplayCurrency(currency);
    close();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show();
    }
  };
  const chooseActive = () => {
    const option = CURRENCIES[active];
    if (option) choose(option.currency);
  };
  const onListKey = (event: KeyboardEvent) => {
    const last = CURRENCIES.length - 1;
    const moves: Record<string, () => void> = {
      ArrowDown: () => setActive((index) => (index === last ? 0 : index + 1)),
      ArrowUp: () => setActive((index) => (index === 0 ? last : index - 1)),
      Home: () => setActive(0),
      End: () => setActive(last),
      Enter: chooseActive,
      ' ': chooseActive,
      Escape: close,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };
  const closeWhenFocusLeaves = (event: FocusEvent) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const rates = ratesLine(ratesDay, marketCurrency, texts);
  const payCurrency =
    texts.payCurrency && marketCurrency !== null && current !== marketCurrency
      ? fill(texts.payCurrency, { currency: marketCurrency })
      : null;

  return (
    <div className="kf-currency" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="kf-currency__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        onClick={() => (open ? setOpen(false) : show())}
        onKeyDown={onButtonKey}
      >
        <span className="kf-visually-hidden">{CURRENCY_SWITCHER_LABEL}: </span>
        <span className="kf-currency__symbol" aria-hidden="true">
          {symbolOf(current)}
        </span>
        {current}
        <span className="kf-currency__chevron" aria-hidden="true" />
      </button>
      {open && (
        <div className="kf-currency__panel" onBlur={closeWhenFocusLeaves}>
          <ul
            ref={listRef}
            id={`${id}-list`}
            className="kf-currency__list"
            role="listbox"
            tabIndex={-1}
            aria-label={CURRENCY_SWITCHER_LABEL}
            aria-activedescendant={optionId(active)}
            onKeyDown={onListKey}
          >
            {CURRENCIES.map((option, index) => (
              <li
                key={option.currency}
                id={optionId(index)}
                role="option"
                aria-selected={option.currency === current}
                className={`kf-currency__option${index === active ? ' kf-currency__option--active' : ''}`}
                data-currency={option.currency}
                onClick={() => choose(option.currency)}
                onPointerEnter={() => setActive(index)}
              >
                <span className="kf-currency__symbol" aria-hidden="true">
                  {option.symbol}
                </span>
                {option.currency}
              </li>
            ))}
          </ul>
          {(rates || payCurrency) && (
            <div className="kf-currency__rates">
              {rates && <p className="kf-currency__rates-day">{rates}</p>}
              {payCurrency && marketCurrency && (
                <button
                  type="button"
                  className="kf-currency__pay-currency"
                  onClick={() => choose(marketCurrency)}
                >
                  {payCurrency}
                </button>
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
