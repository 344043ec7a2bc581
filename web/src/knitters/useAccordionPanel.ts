import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { ACCORDION_CLOSE_S, ACCORDION_OPEN_S } from '../constants';
import { prefersReducedMotion } from '../motion';

/** Where an accordion panel is: at rest closed or open, or on its way. */
export type PanelPhase = 'closed' | 'opening' | 'open' | 'closing';

/**
 * An accordion item's panel, open or closed. Opening animates its height from 0 to its content's
 * and fades the content in, in ACCORDION_OPEN_S; closing collapses it and fades it out, in
 * ACCORDION_CLOSE_S. A toggle during an animation turns it back from where it is. With
 * prefers-reduced-motion the panel opens and closes at once. A panel open from the start (the
 * page's address names the knitter) shows open at once too: growing it as the page loads would
 * move everything below it.
 *
 * At rest the panel has no height of its own, so content that grows later (the feedback list
 * arriving) shows whole; a closed panel is hidden. The phase ends on a timer of the animation's
 * length rather than on transitionend, which does not come when nothing transitions (a hidden
 * tab, an unchanged height).
 */
export function useAccordionPanel(initiallyOpen: boolean) {
  const [phase, setPhase] = useState<PanelPhase>(initiallyOpen ? 'open' : 'closed');
  const panelRef = useRef<HTMLDivElement>(null);

  const toggle = useCallback(() => {
    setPhase((current) =>
      startPhase(current === 'open' || current === 'opening' ? 'closing' : 'opening'),
    );
  }, []);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    if (phase === 'open' || phase === 'closed') {
      panel.style.removeProperty('height');
      panel.style.removeProperty('opacity');
      panel.style.removeProperty('transition');
      return;
    }
    const opening = phase === 'opening';
    const seconds = opening ? ACCORDION_OPEN_S : ACCORDION_CLOSE_S;
    // From rest the start values are set first and laid out; mid-animation the running
    // transition simply turns towards its new end, from where it is.
    if (panel.style.height === '') {
      panel.style.transition = 'none';
      panel.style.height = `${opening ? 0 : panel.scrollHeight}px`;
      panel.style.opacity = opening ? '0' : '1';
      void panel.offsetHeight;
    }
    panel.style.transition = `height ${seconds}s ease, opacity ${seconds}s ease`;
    panel.style.height = `${opening ? panel.scrollHeight : 0}px`;
    panel.style.opacity = opening ? '1' : '0';
    const done = setTimeout(() => setPhase(opening ? 'open' : 'closed'), seconds * 1000);
    return () => clearTimeout(done);
  }, [phase]);

  return { phase, expanded: phase === 'opening' || phase === 'open', toggle, panelRef };
}

/** The phase a move starts in: the animation, or its end when the shopper wants less motion. */
function startPhase(move: 'opening' | 'closing'): PanelPhase {
  if (!prefersReducedMotion()) return move;
  return move === 'opening' ? 'open' : 'closed';
}
