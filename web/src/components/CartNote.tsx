import { useState } from 'react';
import { noteSaver } from '../api/cart-note';
import { MESSAGES } from '../constants';

/** The attributes of cart-note. */
export interface CartNoteProps {
  /** The cart's note when the theme rendered the box. */
  note?: string | null;
  /** The id of the cart form the note belongs to: the note goes with the checkout too. */
  form_id?: string | null;
  /** The textarea's id. */
  field_id?: string | null;
  /** The box's name for assistive technology. */
  label?: string | null;
}

/**
 * The cart note box: a textarea with the placeholder 'Leave a note about your order' whose text is
 * saved to the cart once the shopper stops typing. A box the theme renders again while text is
 * still unsaved starts from that text, not from the older note the theme knew.
 */
export function CartNote({ note, form_id, field_id, label }: CartNoteProps) {
  const [initial] = useState(() => noteSaver.unsaved() ?? note ?? '');
  return (
    <>
      {label && field_id && (
        <label className="kf-visually-hidden" htmlFor={field_id}>
          {label}
        </label>
      )}
      <textarea
        className="kf-cart-note"
        id={field_id ?? undefined}
        name="note"
        form={form_id ?? undefined}
        rows={3}
        placeholder={MESSAGES.cartNotePlaceholder}
        defaultValue={initial}
        onChange={(event) => noteSaver.type(event.target.value)}
      />
    </>
  );
}
