import { PICKER_UNAVAILABLE_LABEL } from '../constants';
import { isSizeOption, optionClass, usePickerOptions } from './pickers';

/**
 * The size selector: one pill per size, each a link to its variant (the theme's variant picker
 * selects it in place, as for colours). The markup is the theme's fallback
 * (snippets/size-picker.liquid), drawn by the theme's styles.
 */
export function SizePicker({
  options,
  selected,
}: {
  options: string | null;
  selected: string | null;
}) {
  const sizes = usePickerOptions(options, selected, 'size', isSizeOption);
  return (
    <div className="size-picker__list">
      {sizes.map((size) => (
        <a
          key={size.option.id}
          className={optionClass('size-pill', size)}
          href={size.option.url}
          aria-current={size.selected ? 'true' : undefined}
        >
          {size.option.label}
          {size.unavailable && (
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
