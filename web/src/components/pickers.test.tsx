import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COLOUR_SLIDER_DELAY_MS, MESSAGES, PICKER_UNAVAILABLE_LABEL } from '../constants';
import { requested } from '../test/api';
import { holdAnswers } from '../test/api';
import { change, mount } from '../test/elements';
import { ORIGIN, server } from '../test/server';

const COLOURS = [
  {
    id: 11,
    url: '/products/beanie?variant=11',
    images: ['/img/oat.svg', '/img/oat-2.svg'],
    label: 'Oat',
  },
  { id: 12, url: '/products/beanie?variant=12', images: ['/img/sage.svg'], label: 'Sage' },
  {
    id: 13,
    url: '/products/beanie?variant=13',
    images: ['/img/rose.svg'],
    label: 'Rose',
    available: false,
  },
];
const SIZES = [
  { id: 21, url: '/products/sweater?variant=21', label: 'S' },
  { id: 22, url: '/products/sweater?variant=22', label: 'M' },
  { id: 23, url: '/products/sweater?variant=23', label: 'L', available: false },
];

/** The pickers from a fresh module graph: each test is a new page, with its own variant lookup. */
async function freshPickers() {
  vi.resetModules();
  const [{ ColourPicker }, { SizePicker }] = await Promise.all([
    import('./ColourPicker'),
    import('./SizePicker'),
  ]);
  return { ColourPicker, SizePicker };
}

function answerAvailable(ids: number[], hold?: Promise<void>) {
  server.use(
    http.get(`${ORIGIN}/api/products/get-available-variant-ids`, async () => {
      await hold;
      return HttpResponse.json({ variant_ids: ids });
    }),
  );
}

const variantRequests = () =>
  requested.filter((url) => url.pathname === '/api/products/get-available-variant-ids');

/** Each link: its address, whether it is the selected one, and whether it is marked unavailable. */
const links = () =>
  [...document.querySelectorAll('a')].map((link) => ({
    href: link.getAttribute('href'),
    current: link.getAttribute('aria-current') === 'true',
    unavailable: /--unavailable/.test(link.className),
    name: link.textContent || link.querySelector('img')?.alt,
  }));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the colour picker', () => {
  beforeEach(() => answerAvailable([11, 12, 13]));

  it("links to each colour's variant, showing its first image named for the colour", async () => {
    const { ColourPicker } = await freshPickers();
    render(<ColourPicker options={JSON.stringify(COLOURS)} selected="12" />);

    const images = screen.getAllByRole('img');
    expect(images.map((image) => [image.getAttribute('src'), image.getAttribute('alt')])).toEqual([
      ['/img/oat.svg', 'Oat'],
      ['/img/sage.svg', 'Sage'],
      ['/img/rose.svg', 'Rose'],
    ]);
    expect(screen.getByRole('link', { current: true }).getAttribute('href')).toBe(COLOURS[1]?.url);
    expect(screen.getByRole('link', { name: 'Sage' }).className).toBe(
      'colour-picker__option colour-picker__option--selected',
    );
  });

  it(`slides the selected colour to the middle of the row ${COLOUR_SLIDER_DELAY_MS} ms after it starts`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const scrollTo = vi.spyOn(Element.prototype, 'scrollTo');
    const { ColourPicker } = await freshPickers();
    render(<ColourPicker options={JSON.stringify(COLOURS)} selected="13" />);
    const list = document.querySelector('.colour-picker__list') as HTMLElement;
    const item = screen.getByRole('link', { current: true });
    // A row 300 px wide, scrolled 40 px, whose third link (80 px wide) starts 360 px in.
    Object.defineProperty(list, 'clientWidth', { value: 300 });
    list.scrollLeft = 40;
    Object.defineProperty(item, 'offsetWidth', { value: 80 });
    vi.spyOn(list, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 20, width: 300 }),
    );
    vi.spyOn(item, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 340, width: 80 }),
    );

    await act(() => vi.advanceTimersByTimeAsync(COLOUR_SLIDER_DELAY_MS - 1));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));

    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ left: 40 + 320 - 110, behavior: 'smooth' });
  });

  it('marks colours whose variant is not on sale, once the API says', async () => {
    const { hold, release } = holdAnswers();
    answerAvailable([11, 13], hold);
    const { ColourPicker } = await freshPickers();
    render(<ColourPicker options={JSON.stringify(COLOURS)} selected="11" />);

    // Until the API answers, as the theme rendered it.
    expect(links().map((link) => link.unavailable)).toEqual([false, false, true]);

    await act(async () => release());
    await vi.waitFor(() =>
      expect(links().map((link) => link.unavailable)).toEqual([false, true, false]),
    );
    expect(screen.getByRole('link', { name: `Sage ${PICKER_UNAVAILABLE_LABEL}` })).toBeTruthy();
  });
});

describe('the size picker', () => {
  it('shows a pill per size, linking to its variant, the selected one current', async () => {
    answerAvailable([21, 22, 23]);
    const { SizePicker } = await freshPickers();
    render(<SizePicker options={JSON.stringify(SIZES)} selected="21" />);

    await vi.waitFor(() => expect(variantRequests()).toHaveLength(1));
    await vi.waitFor(() => expect(links()[2]?.unavailable).toBe(false));
    expect(links()).toEqual([
      { href: SIZES[0]?.url, current: true, unavailable: false, name: 'S' },
      { href: SIZES[1]?.url, current: false, unavailable: false, name: 'M' },
      { href: SIZES[2]?.url, current: false, unavailable: false, name: 'L' },
    ]);
    expect(screen.getByRole('link', { current: true }).className).toBe(
      'size-pill size-pill--selected',
    );
  });

  it('marks sizes whose variant is not on sale as unavailable', async () => {
    answerAvailable([21, 23]);
    const { SizePicker } = await freshPickers();
    render(<SizePicker options={JSON.stringify(SIZES)} selected="21" />);

    await vi.waitFor(() => expect(links()[1]?.unavailable).toBe(true));
    expect(links().map((link) => link.unavailable)).toEqual([false, true, false]);
    expect(screen.getByRole('link', { name: `M ${PICKER_UNAVAILABLE_LABEL}` }).className).toBe(
      'size-pill size-pill--unavailable',
    );
  });

  it('marks nothing when the API cannot say, and logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(
        `${ORIGIN}/api/products/get-available-variant-ids`,
        () => new HttpResponse(null, { status: 503 }),
      ),
    );
    const { SizePicker } = await freshPickers();
    render(<SizePicker options={JSON.stringify(SIZES)} selected="21" />);

    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith(MESSAGES.availableVariantsFailed, expect.any(Error)),
    );
    await vi.waitFor(() =>
      expect(links().map((link) => link.unavailable)).toEqual([false, false, false]),
    );
  });
});

describe('both pickers', () => {
  it('ask the API once per page, however many there are', async () => {
    answerAvailable([11, 21]);
    const { ColourPicker, SizePicker } = await freshPickers();
    render(
      <>
        <ColourPicker options={JSON.stringify(COLOURS)} selected="11" />
        <SizePicker options={JSON.stringify(SIZES)} selected="21" />
        <SizePicker options={JSON.stringify(SIZES)} selected="22" />
      </>,
    );

    await vi.waitFor(() =>
      expect(document.querySelectorAll('[class*="--unavailable"]')).toHaveLength(6),
    );
    expect(variantRequests()).toHaveLength(1);
  });

  it.each([
    ['colour', 'ColourPicker', 'not json'],
    ['colour', 'ColourPicker', '{"id": 1}'],
    ['colour', 'ColourPicker', '[{"id": 1, "url": "/a"}]'],
    ['colour', 'ColourPicker', null],
    ['size', 'SizePicker', '[{"id": 1, "url": "/a", "label": 3}]'],
    ['size', 'SizePicker', '[1, 2]'],
  ] as const)('log invalid %s options %#, and show none', async (picker, component, options) => {
    answerAvailable([]);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Picker = (await freshPickers())[component];
    render(<Picker options={options} selected="1" />);

    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(log).toHaveBeenCalledWith(MESSAGES.pickerOptionsInvalid(picker), expect.any(Error));
  });
});

describe('the picker elements', () => {
  it('read options and selected in any letter case, and follow their changes', async () => {
    answerAvailable([11, 12, 21, 22, 23]);
    const { ColourPickerElement } = await import('../elements/colour-picker');
    const { SizePickerElement } = await import('../elements/size-picker');
    const { defineElement } = await import('../elements/define');
    defineElement('colour-picker', ColourPickerElement);
    defineElement('size-picker', SizePickerElement);

    await mount(
      `<colour-picker OPTIONS='${JSON.stringify(COLOURS)}' Selected="11"><p>fallback</p></colour-picker>
       <size-picker options='${JSON.stringify(SIZES)}' selected="22"><p>fallback</p></size-picker>`,
    );
    expect(document.querySelector('p')).toBeNull();
    expect(document.querySelector('colour-picker [aria-current]')?.getAttribute('href')).toBe(
      COLOURS[0]?.url,
    );
    expect(document.querySelector('size-picker [aria-current]')?.getAttribute('href')).toBe(
      SIZES[1]?.url,
    );

    await change(() => document.querySelector('size-picker')?.setAttribute('selected', '21'));
    expect(document.querySelector('size-picker [aria-current]')?.getAttribute('href')).toBe(
      SIZES[0]?.url,
    );
  });
});
