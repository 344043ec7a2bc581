import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { change, mount } from '../test/elements';
import { defineElement } from './define';
import { observed, ReactElement, readAttributes } from './react-element';

const ATTRIBUTES = ['label', 'isPriceReady', 'DEV_currency'] as const;
const mounted = vi.fn<(label: string | null) => void>();
const unmounted = vi.fn<(label: string | null) => void>();

function Probe({
  label,
  isPriceReady,
  DEV_currency,
}: Record<(typeof ATTRIBUTES)[number], string | null>) {
  useEffect(() => {
    mounted(label);
    return () => unmounted(label);
  }, [label]);
  return (
    <output>
      {label}|{isPriceReady}|{DEV_currency}
    </output>
  );
}

class ProbeElement extends ReactElement {
  static observedAttributes = observed(ATTRIBUTES);
  render() {
    const attributes = readAttributes(this, ATTRIBUTES);
    if (attributes.label === 'bad') throw new Error('bad label');
    return <Probe {...attributes} />;
  }
}
defineElement('kf-probe', ProbeElement);

const probe = () => document.querySelector('kf-probe');

afterEach(() => {
  vi.restoreAllMocks();
  mounted.mockClear();
  unmounted.mockClear();
});

describe('ReactElement', () => {
  it('observes the attribute names as HTML spells them, in lower case', () => {
    expect(ProbeElement.observedAttributes).toEqual(['label', 'ispriceready', 'dev_currency']);
  });

  it('reads attributes written in any letter case by their spec names', async () => {
    await mount('<kf-probe LABEL="a" ISPRICEREADY="true" dev_currency="USD"></kf-probe>');

    expect(probe()?.textContent).toBe('a|true|USD');
  });

  it('replaces the content the theme put inside before the browser paints', async () => {
    document.body.innerHTML = '<kf-probe label="a"><span>fallback</span></kf-probe>';
    expect(probe()?.textContent).toBe('fallback');

    // The render happens in a microtask: before the next task, and so before any paint.
    await new Promise<void>((resolve) => queueMicrotask(resolve));

    expect(probe()?.innerHTML).toBe('<output>a||</output>');
    expect(probe()?.shadowRoot).toBeNull();
  });

  it('re-renders when an observed attribute changes', async () => {
    await mount('<kf-probe label="a"></kf-probe>');

    await change(() => probe()?.setAttribute('isPriceReady', 'false'));

    expect(probe()?.textContent).toBe('a|false|');
  });

  it('unmounts when removed, running effect cleanups', async () => {
    await mount('<kf-probe label="a"></kf-probe>');

    await change(() => probe()?.remove());

    expect(unmounted).toHaveBeenCalledWith('a');
  });

  it('keeps its React tree when moved within the page', async () => {
    await mount('<div id="from"><kf-probe label="a"></kf-probe></div><div id="to"></div>');

    await change(() => document.getElementById('to')?.append(probe()!));

    expect(document.querySelector('#to kf-probe')?.textContent).toBe('a||');
    expect(mounted).toHaveBeenCalledTimes(1);
    expect(unmounted).not.toHaveBeenCalled();
  });

  it('renders every element connected in one task in one go', async () => {
    await mount('<kf-probe label="a"></kf-probe><kf-probe label="b"></kf-probe>');

    expect(mounted.mock.calls).toEqual([['a'], ['b']]);
  });

  it('reports an element that refuses its attributes and renders the others', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});

    await mount('<kf-probe label="bad">fallback</kf-probe><kf-probe label="b"></kf-probe>');

    expect(log).toHaveBeenCalledWith(expect.objectContaining({ message: 'bad label' }));
    expect(
      [...document.querySelectorAll('kf-probe')].map((element) => element.textContent),
    ).toEqual(['fallback', 'b||']);
  });
});
