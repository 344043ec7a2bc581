import { describe, expect, it } from 'vitest';
import { defineElement } from './define';

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
