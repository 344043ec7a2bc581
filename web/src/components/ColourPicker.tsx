import { useEffect, useRef } from 'react';
import { COLOUR_SLIDER_DELAY_MS, PICKER_UNAVAILABLE_LABEL } from '../constants';
import { scrollBehavior } from '../motion';
import { isColourOption, optionClass, usePickerOptions } from './pickers';

/**
 * The colour selector: a horizontally scrolling row of links, one per colour, each showing its
 * option's first picture; COLOUR_SLIDER_DELAY_MS after it starts (and after each change of
 * colour) the row slides the selected colour to its middle. A link leads to its variant; the
 * theme's variant picker (global.js) catches the click and selects the variant in place, then
 * sets this element's options and selected anew.
 *
 * The markup is the theme's fallback (snippets/colour-picker.liquid): the theme's styles draw
 * both, so nothing moves when the element takes over.
 */
export function ColourPicker({
  options,
  selected,
}: {
  options: string | null;
  selected: string | null;
}) {
  const colours = usePickerOptions(options, selected, 'colour', isColourOption);
  const listRef = useRef<HTMLDivElement>(null);
  const selectedIndex = colours.findIndex((colour) => colour.selected);

  useEffect(() => {
    const list = listRef.current;
    const item = list?.children[selectedIndex];
    if (!list || !(item instanceof HTMLElement)) return;
    const slide = setTimeout(() => {
      const offset = item.getBoundingClientRect().left - list.getBoundingClientRect().left;
      const left = list.scrollLeft + offset - (list.clientWidth - item.offsetWidth) / 2;
      list.scrollTo({ left, behavior: scrollBehavior() });
    }, COLOUR_SLIDER_DELAY_MS);
    return () => clearTimeout(slide);
  }, [selectedIndex]);

  return (
    <div ref={listRef} className="colour-picker__list">
      {colours.map((colour) => (
        <a
          // A colour's link leads to its variant in the selected size, so its id changes with the
          // size; its name does not, and the swatch and its picture stay as they are.
          key={colour.option.label}
          className={optionClass('colour-picker__option', colour)}
          href={colour.option.url}
          aria-current={colour.selected ? 'true' : undefined}
          title={colour.option.label}
        >
          {colour.option.images[0] && (
            <img
              src={colour.option.images[0]}
              alt={colour.option.label ?? ''}
              width={64}
              height={80}
            />
          )}
          {colour.unavailable && (
            <>
              {' '}
              <span className="kf-visually-hidden">{PICKER_UNAVAILABLE_LABEL}</span>
            </>
          )}
        </a>
      ))}
    </div>
  );
}
