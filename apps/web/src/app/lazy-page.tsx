import { type ComponentType, lazy } from 'react';
import { Spinner } from 'react-bootstrap';

/** A screen whose code is downloaded the first time it is shown. */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

/**
 * Shown while a screen's code downloads: it takes the height of a short page, so the footer below does not
 * jump when the screen arrives.
 */
export function PageFallback() {
  return (
    <div className="page-fallback" role="status">
      <Spinner animation="border" size="sm" className="text-brand" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
