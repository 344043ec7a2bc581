import { EVENTS } from '../../constants';
import { type DawnVariant, selectedDawnVariant } from './dawn-variant';

/** Dawn's price block of the product section, whose HTML Dawn renders again for each variant. */
const PRICE_WRAPPER = 'product-info [id^="price-"][role="status"]';
/** On the price block once the widget shows its price: then it takes the place of Dawn's. */
const WIDGET_SHOWN = 'data-kf-price-shown';
/**
 * One of the two shows: Dawn's price until the widget shows its price, then the widget, as a block
 * of the height Dawn's price had (set on the widget as it is placed), so that what follows stays
 * where it was.
 */
const STYLE = `${PRICE_WRAPPER}:not([${WIDGET_SHOWN}]) product-price,${PRICE_WRAPPER}[${WIDGET_SHOWN}] .price{display:none}${PRICE_WRAPPER} product-price{display:flex}${PRICE_WRAPPER} product-price>.kf-price{height:auto}`;
const STYLE_ID = 'knitfront-dawn-product-price';

/** The price widget's attributes for a variant in the market of the country Shopify tells. */
function widgetAttributes(variant: DawnVariant, country: string): Record<string, string> {
  const attributes: Record<string, string> = {
    price_minor: String(variant.price),
    iso_code: country,
    variant_id: String(variant.id),
  };
  if (variant.compare_at_price) attributes.compared_at_minor = String(variant.compare_at_price);
  return attributes;
}

/**
 * Dawn's product page price in the display currency with knitfront's automatic discount: a price
 * widget in Dawn's price block, fed from the variant Dawn prints for its scripts (prices in minor
 * units) and the market Shopify tells (window.Shopify.country). Dawn's own price shows until the
 * widget shows its price, then gives way to it, so that the block never stands empty, nor changes
 * its height. Dawn renders
 * the block again for each variant: the widget is put back for the variant then selected. Where
 * Dawn prints no selected variant, its price stays. Returns the function that stops.
 */
export function startDawnProductPrice(): () => void {
  const country = window.Shopify?.country;
  const wrapper = document.querySelector<HTMLElement>(PRICE_WRAPPER);
  if (!country || !wrapper) return () => {};
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = STYLE;
  document.head.append(style);

  // Dawn's price shows in the block until the widget first shows: its height is measured then,
  // before each widget is placed, and kept for a variant's, when Dawn's price is hidden.
  let dawnPriceHeight = 0;
  const place = () => {
    const dawnPrice = wrapper.querySelector<HTMLElement>('.price');
    if (!wrapper.hasAttribute(WIDGET_SHOWN) && dawnPrice && dawnPrice.offsetHeight > 0) {
      dawnPriceHeight = dawnPrice.offsetHeight;
    }
    const variant = selectedDawnVariant();
    const placed = wrapper.querySelector('product-price');
    if (!variant) {
      placed?.remove();
      wrapper.removeAttribute(WIDGET_SHOWN);
      return;
    }
    const attributes = widgetAttributes(variant, country);
    if (placed && placed.getAttribute('variant_id') === attributes.variant_id) return;
    placed?.remove();
    wrapper.removeAttribute(WIDGET_SHOWN);
    const widget = document.createElement('product-price');
    for (const [name, value] of Object.entries(attributes)) widget.setAttribute(name, value);
    if (dawnPriceHeight > 0) widget.style.height = `${dawnPriceHeight}px`;
    wrapper.prepend(widget);
  };
  const onShown = () => wrapper.setAttribute(WIDGET_SHOWN, '');
  wrapper.addEventListener(EVENTS.priceShown, onShown);
  const renders = new MutationObserver(place);
  renders.observe(wrapper, { childList: true });
  place();

  return () => {
    renders.disconnect();
    wrapper.removeEventListener(EVENTS.priceShown, onShown);
    wrapper.querySelector('product-price')?.remove();
    wrapper.removeAttribute(WIDGET_SHOWN);
    style.remove();
  };
}
