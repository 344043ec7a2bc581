import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { CURRENCIES, CURRENCY_SWITCHER_LABEL, type Currency } from '../constants';
import { useMarket } from '../market/store';

const symbolOf = (currency: Currency | null) =>
  CURRENCIES.find((option) => option.currency === currency)?.symbol ?? '';

/**
 * The currency dropdown: a button showing the display currency that toggles a list of the
 * currencies; choosing one closes the list and shows prices in it. Keyboard: Enter or Space
 * toggles, the arrows open the list and move through it, Enter chooses, Escape closes. Below
 * 767 px the list opens as a sheet at the bottom of the screen (styles.ts).
 */
export function CurrencySwitcher() {
  const current = useMarket((state) => state.displayCurrency);
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
      Tab: () => setOpen(false),
    };
    const move = moves[event.key];
    if (!move) return;
    if (event.key !== 'Tab') event.preventDefault();
    move();
  };

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
      )}
    </div>
  );
}
