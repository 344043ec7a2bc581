import {
  BREAKPOINT_DESKTOP_PX,
  KNITTER_SCROLL_OFFSET_DESKTOP_PX,
  KNITTER_SCROLL_OFFSET_MOBILE_PX,
} from '../constants';
import { scrollBehavior } from '../motion';

/** How far below the top of the screen an opened item comes to rest, for a viewport width. */
export function knitterScrollOffset(viewportWidth: number): number {
  return viewportWidth >= BREAKPOINT_DESKTOP_PX
    ? KNITTER_SCROLL_OFFSET_DESKTOP_PX
    : KNITTER_SCROLL_OFFSET_MOBILE_PX;
}

/** Scrolls the page so that the item's top sits the offset below the top of the screen. */
export function scrollItemIntoView(item: Element): void {
  const offset = knitterScrollOffset(window.innerWidth);
  const top = item.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: scrollBehavior() });
}
