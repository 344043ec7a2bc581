import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineElement, defineOnDemand } from './define';

describe('defineElement', () => {
  it('registers a name that is not yet defined', () => {
    class FirstElement extends HTMLElement {}

    defineElement('knitfront-define-first', FirstElement);

    expect(customElements.get('knitfront-define-first')).toBe(FirstElement);
    expect(document.createElement('knitfront-define-first')).toBeInstanceOf(FirstElement);
  });

  it('keeps the first registration when the same name is defined again', () => {
    class Original extends HTMLElement {}
    class Duplicate extends HTMLElement {}
    defineElement('knitfront-define-twice', Original);

    expect(() => defineElement('knitfront-define-twice', Duplicate)).not.toThrow();
    expect(customElements.get('knitfront-define-twice')).toBe(Original);
  });
});

describe('defineOnDemand', () => {
  afterEach(() => document.body.replaceChildren());

  /** A loader that counts its calls and gives a fresh class. */
  function loader() {
    class Loaded extends HTMLElement {}
    const load = vi.fn(() => Promise.resolve<CustomElementConstructor>(Loaded));
    return { Loaded, load };
  }

  it('loads and registers at once an element the page already has', async () => {
    document.body.innerHTML = '<knitfront-on-demand-present></knitfront-on-demand-present>';
    const { Loaded, load } = loader();

    defineOnDemand('knitfront-on-demand-present', load);

    expect(load).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(customElements.get('knitfront-on-demand-present')).toBe(Loaded));
    expect(document.body.firstElementChild).toBeInstanceOf(Loaded);
  });

  it('loads nothing until an element of the name is added, then loads once', async () => {
    const { Loaded, load } = loader();

    defineOnDemand('knitfront-on-demand-later', load);
    document.body.append(document.createElement('div'));
    await Promise.resolve();

    expect(load).not.toHaveBeenCalled();
    expect(customElements.get('knitfront-on-demand-later')).toBeUndefined();

    const section = document.createElement('section');
    section.innerHTML =
      '<knitfront-on-demand-later></knitfront-on-demand-later>' +
      '<knitfront-on-demand-later></knitfront-on-demand-later>';
    document.body.append(section);
    await vi.waitFor(() => expect(customElements.get('knitfront-on-demand-later')).toBe(Loaded));
    document.body.append(document.createElement('knitfront-on-demand-later'));
    await Promise.resolve();

    expect(load).toHaveBeenCalledOnce();
    expect(section.firstElementChild).toBeInstanceOf(Loaded);
  });

  it('keeps an element registered already, and loads nothing for it', () => {
    class Original extends HTMLElement {}
    defineElement('knitfront-on-demand-defined', Original);
    document.body.innerHTML = '<knitfront-on-demand-defined></knitfront-on-demand-defined>';
    const { load } = loader();

    defineOnDemand('knitfront-on-demand-defined', load);

    expect(load).not.toHaveBeenCalled();
    expect(customElements.get('knitfront-on-demand-defined')).toBe(Original);
  });

  it('reports a chunk that fails to load and registers nothing', async () => {
    const failure = new Error('chunk failed');
    const reported = vi.spyOn(window, 'reportError').mockImplementation(() => {});
    document.body.innerHTML = '<knitfront-on-demand-failed></knitfront-on-demand-failed>';

    defineOnDemand('knitfront-on-demand-failed', () => Promise.reject(failure));

    await vi.waitFor(() => expect(reported).toHaveBeenCalledWith(failure));
    expect(customElements.get('knitfront-on-demand-failed')).toBeUndefined();
    reported.mockRestore();
  });
});
