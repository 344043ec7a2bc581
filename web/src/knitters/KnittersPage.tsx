import { useEffect, useState, type KeyboardEvent } from 'react';
import { KNITTER_PARAM, MESSAGES } from '../constants';
import { getKnitters, getReviews, type Knitter } from './api';
import { KnitterItem } from './KnitterItem';
import { KNITTERS_LOAD_FAILED } from './texts';
import type { FirstReviews } from './useKnitterReviews';

/** The knitters, and the first page of reviews of the one the address opens. */
interface Loaded {
  knitters: Knitter[];
  openedReviews: FirstReviews | undefined;
}

/**
 * The 'All Knitters' page: the title and an accordion of the shop's knitters, fetched from the
 * API; the grey 16:9 placeholder shows until they arrive. The query parameter knitter, a
 * knitter's id, opens that knitter's item on load (which then scrolls to it).
 *
 * That item's feedback is fetched beside the knitters, and the list shows once both are there:
 * the item is open from the start, so its feedback's placeholder would otherwise show first and
 * the form below it would jump when the feedback came, after the page had scrolled to it.
 */
export function KnittersPage() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [opened] = useState(() =>
    knitterIdOf(new URLSearchParams(window.location.search).get(KNITTER_PARAM)),
  );

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const openedReviews: Promise<FirstReviews | undefined> =
      opened === undefined
        ? Promise.resolve(undefined)
        : getReviews(opened, null, signal).catch((error: unknown) =>
            error instanceof Error ? error : new Error(String(error)),
          );
    getKnitters(signal)
      .then(async (knitters) => ({ knitters, openedReviews: await openedReviews }))
      .then(
        (page) => {
          if (!signal.aborted) setLoaded(page);
        },
        (error: unknown) => {
          if (signal.aborted) return;
          console.error(KNITTERS_LOAD_FAILED, error);
          setFailed(true);
        },
      );
    return () => controller.abort();
  }, [opened]);

  return (
    <div className="kf-knitters">
      <h1 className="kf-knitters__title">{MESSAGES.knittersTitle}</h1>
      {failed ? (
        <p>{KNITTERS_LOAD_FAILED}</p>
      ) : loaded === null ? (
        <div className="kf-placeholder kf-knitters__placeholder" aria-hidden="true" />
      ) : (
        <div className="kf-knitters__list" onKeyDown={moveBetweenHeaders}>
          {loaded.knitters.map((knitter, index) => {
            const open = knitter.id !== undefined && knitter.id === opened;
            return (
              <KnitterItem
                key={knitter.id ?? `#${index}`}
                knitter={knitter}
                initiallyOpen={open}
                firstReviews={open ? loaded.openedReviews : undefined}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}

/** The knitter id a knitter parameter names, written as the API writes ids; none otherwise. */
function knitterIdOf(param: string | null): number | undefined {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 && String(id) === param ? id : undefined;
}

/** The accordion's optional keys: the arrows, Home and End move between the item headers. */
function moveBetweenHeaders(event: KeyboardEvent<HTMLElement>) {
  const headers = [...event.currentTarget.querySelectorAll<HTMLElement>('.kf-knitter__button')];
  const current = headers.indexOf(event.target as HTMLElement);
  if (current === -1) return;
  const last = headers.length - 1;
  const next = {
    ArrowDown: current === last ? 0 : current + 1,
    ArrowUp: current === 0 ? last : current - 1,
    Home: 0,
    End: last,
  }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  headers[next]?.focus();
}
