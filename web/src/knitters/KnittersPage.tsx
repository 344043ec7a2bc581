import { useEffect, useState, type KeyboardEvent } from 'react';
import { KNITTER_PARAM, MESSAGES } from '../constants';
import { getKnitters, type Knitter } from './api';
import { KnitterItem } from './KnitterItem';
import { KNITTERS_LOAD_FAILED } from './texts';

/**
 * The 'All Knitters' page: the title and an accordion of the shop's knitters, fetched from the
 * API; the grey 16:9 placeholder shows until they arrive. The query parameter knitter, a
 * knitter's id, opens that knitter's item on load (which then scrolls to it).
 */
export function KnittersPage() {
  const [knitters, setKnitters] = useState<Knitter[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [requested] = useState(() =>
    new URLSearchParams(window.location.search).get(KNITTER_PARAM),
  );

  useEffect(() => {
    const controller = new AbortController();
    getKnitters(controller.signal).then(setKnitters, (error: unknown) => {
      if (controller.signal.aborted) return;
      console.error(KNITTERS_LOAD_FAILED, error);
      setFailed(true);
    });
    return () => controller.abort();
  }, []);

  return (
    <div className="kf-knitters">
      <h1 className="kf-knitters__title">{MESSAGES.knittersTitle}</h1>
      {failed ? (
        <p>{KNITTERS_LOAD_FAILED}</p>
      ) : knitters === null ? (
        <div className="kf-placeholder kf-knitters__placeholder" aria-hidden="true" />
      ) : (
        <div className="kf-knitters__list" onKeyDown={moveBetweenHeaders}>
          {knitters.map((knitter, index) => (
            <KnitterItem
              key={knitter.id ?? `#${index}`}
              knitter={knitter}
              initiallyOpen={knitter.id !== undefined && String(knitter.id) === requested}
            />
          ))}
        </div>
      )}
    </div>
  );
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
