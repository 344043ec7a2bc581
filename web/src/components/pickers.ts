import { useEffect, useMemo, useState } from 'react';
import { MESSAGES } from '../constants';
import { getAvailableVariantIds } from '../api/knitfront';

/**
 * An option of a variant picker, as the theme's snippets give it: the variant it
 * selects, that variant's address, and what shows. The theme adds what it knows besides: the
 * colour's name (the picture's text) and whether the variant was on sale when the page was
 * rendered, shown until the API says.
 */
interface PickerOption {
  id: number | string;
  url: string;
  available?: boolean;
}
export interface ColourOption extends PickerOption {
  images: string[];
  label?: string;
}
export interface SizeOption extends PickerOption {
  label: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isPickerOption = (value: unknown): value is PickerOption & Record<string, unknown> =>
  isRecord(value) &&
  (typeof value.id === 'number' || typeof value.id === 'string') &&
  typeof value.url === 'string' &&
  (value.available === undefined || typeof value.available === 'boolean');

export const isColourOption = (value: unknown): value is ColourOption =>
  isPickerOption(value) &&
  Array.isArray(value.images) &&
  value.images.every((image) => typeof image === 'string') &&
  (value.label === undefined || typeof value.label === 'string');

export const isSizeOption = (value: unknown): value is SizeOption =>
  isPickerOption(value) && typeof value.label === 'string';

/**
 * The options of a picker from its JSON attribute. JSON that does not parse, or is not a list of
 * such options, is logged and gives an empty list.
 */
export function parseOptions<Option>(
  json: string | null,
  picker: string,
  isOption: (value: unknown) => value is Option,
): Option[] {
  try {
    const value: unknown = JSON.parse(json ?? '');
    if (Array.isArray(value) && value.every(isOption)) return value;
    throw new Error(`not a list of ${picker} options: ${json}`);
  } catch (error) {
    console.error(MESSAGES.pickerOptionsInvalid(picker), error);
    return [];
  }
}

/**
 * A picker's options with which one is selected and which are not on sale: from the variant ids
 * the API says are on sale once it answers (one request per page, shared), until then from what
 * the theme knew; when the API cannot say, nothing is marked.
 */
export function usePickerOptions<Option extends PickerOption>(
  json: string | null,
  selected: string | null,
  picker: string,
  isOption: (value: unknown) => value is Option,
): { option: Option; selected: boolean; unavailable: boolean }[] {
  const options = useMemo(() => parseOptions(json, picker, isOption), [json, picker, isOption]);
  const [onSale, setOnSale] = useState<ReadonlySet<string> | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void getAvailableVariantIds().then((ids) => {
      if (live) setOnSale(ids);
    });
    return () => {
      live = false;
    };
  }, []);

  return options.map((option) => ({
    option,
    selected: String(option.id) === selected,
    unavailable:
      onSale === undefined
        ? option.available === false
        : !!onSale && !onSale.has(String(option.id)),
  }));
}

/** The class names of a picker option: its base class with --selected and --unavailable. */
export function optionClass(base: string, state: { selected: boolean; unavailable: boolean }) {
  return [base, state.selected && `${base}--selected`, state.unavailable && `${base}--unavailable`]
    .filter(Boolean)
    .join(' ');
}
