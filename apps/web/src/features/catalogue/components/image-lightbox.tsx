import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { FiChevronLeft, FiChevronRight, FiZoomIn, FiZoomOut } from 'react-icons/fi';

const ZOOMS = [1, 2, 3] as const;
const stepZoom = (step: number, by: number) => Math.min(ZOOMS.length - 1, Math.max(0, step + by));
const within = (value: number) => Math.min(1, Math.max(0, value));

/** The picture's size at a zoom: of its fitted size, or of the view's width while it has not been measured yet. */
const zoomedSize = (zoom: number, fitted: { width: number; height: number } | null) =>
  fitted
    ? { width: `${fitted.width * zoom}px`, height: `${fitted.height * zoom}px`, maxWidth: 'none', maxHeight: 'none' }
    : { width: `${zoom * 100}%`, maxWidth: 'none', maxHeight: 'none' };

/** A point of the picture as fractions of its width and height. */
interface PicturePoint {
  x: number;
  y: number;
}

interface ImageLightboxProps {
  name: string;
  images: string[];
  /** The picture shown; null closes the dialog. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/**
 * A product's pictures full size, with zoom: a dialog that keeps focus inside and gives it back when it closes.
 * Escape closes it, the arrow keys change the picture, + and − zoom; at a zoom above 100 % the picture scrolls.
 * A tap or click on the picture zooms in with the point tapped in the middle of the view, as far as the picture's
 * edges allow; the buttons and keys zoom about the middle of what is in view (docs/decisions/059-screen-edges.md).
 */
export function ImageLightbox({ name, images, index, onIndexChange, onClose }: ImageLightboxProps) {
  const [zoomStep, setZoomStep] = useState(0);
  const stage = useRef<HTMLElement>(null);
  const picture = useRef<HTMLImageElement>(null);
  // The picture's size at 100 % (fitted to the screen): the zooms are of that size.
  const [fitted, setFitted] = useState<{ width: number; height: number } | null>(null);
  // The point of the picture to bring to the middle of the view once the new zoom is drawn.
  const centre = useRef<PicturePoint | null>(null);
  const count = images.length;
  const zoom = ZOOMS[zoomStep];
  const show = (next: number) => {
    setZoomStep(0);
    onIndexChange((next + count) % count);
  };

  /** Zooms to `step` keeping `at` (a point on the screen; the middle of the view when left out) in the middle. */
  const zoomTo = (step: number, at?: { clientX: number; clientY: number }) => {
    const box = stage.current?.getBoundingClientRect();
    const shown = picture.current?.getBoundingClientRect();
    if (stage.current && box && shown && shown.width > 0 && shown.height > 0) {
      if (zoomStep === 0) setFitted({ width: shown.width, height: shown.height });
      const clientX = at?.clientX ?? box.left + stage.current.clientWidth / 2;
      const clientY = at?.clientY ?? box.top + stage.current.clientHeight / 2;
      centre.current = {
        x: within((clientX - shown.left) / shown.width),
        y: within((clientY - shown.top) / shown.height),
      };
    }
    setZoomStep(step);
  };
  const zoomBy = (by: number) => zoomTo(stepZoom(zoomStep, by));
  const zoomAtTap = (event: MouseEvent<HTMLImageElement>) =>
    zoomTo(zoomStep === ZOOMS.length - 1 ? 0 : zoomStep + 1, event);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the picture is drawn at its new zoom
  useLayoutEffect(() => {
    const point = centre.current;
    centre.current = null;
    const view = stage.current;
    const shown = picture.current?.getBoundingClientRect();
    if (!point || !view || !shown) return;
    const box = view.getBoundingClientRect();
    // The browser stops the scroll at the picture's edges.
    view.scrollLeft += shown.left + point.x * shown.width - (box.left + view.clientWidth / 2);
    view.scrollTop += shown.top + point.y * shown.height - (box.top + view.clientHeight / 2);
  }, [zoomStep]);
  const label = index === null ? name : count > 1 ? `${name}, picture ${index + 1} of ${count}` : name;

  const zoomKey = useRef(zoomBy);
  zoomKey.current = zoomBy;

  // On the document, not the dialog: a zoom button that just became disabled drops the focus to the page body.
  useEffect(() => {
    if (index === null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // In the zoomed view the arrow keys move the view, not to another picture.
      if (event.target === stage.current && event.key.startsWith('Arrow')) return;
      if (event.key === 'ArrowRight' && count > 1) onIndexChange((index + 1) % count);
      else if (event.key === 'ArrowLeft' && count > 1) onIndexChange((index - 1 + count) % count);
      else if (event.key === '+' || event.key === '=') return zoomKey.current(1);
      else if (event.key === '-') return zoomKey.current(-1);
      else return;
      setZoomStep(0);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, count, onIndexChange]);

  return (
    <Modal
      show={index !== null}
      onHide={onClose}
      onExited={() => setZoomStep(0)}
      fullscreen
      aria-labelledby="lightbox-title"
      className="image-lightbox"
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="lightbox-title" as="h2" className="h6 mb-0">
          {label}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0 d-flex flex-column">
        {/* Zoomed, the view scrolls: it takes the focus so the arrow keys can move it (WCAG 2.1.1). */}
        <section
          className="lightbox-stage"
          data-zoom={zoom}
          ref={stage}
          aria-label={CATALOGUE_MSG.zoomedView}
          tabIndex={zoom > 1 ? 0 : undefined}
        >
          {index !== null ? (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard zooms with + and − and the buttons below
            <img
              ref={picture}
              src={images[index]}
              alt={label}
              className={zoomStep === ZOOMS.length - 1 ? 'lightbox-img lightbox-img-out' : 'lightbox-img'}
              onClick={zoomAtTap}
              style={zoom > 1 ? zoomedSize(zoom, fitted) : undefined}
            />
          ) : null}
        </section>
        <p className="lightbox-hint text-light small text-center mb-0 pt-2">{CATALOGUE_MSG.zoomHereHint}</p>
        <div className="lightbox-controls d-flex flex-wrap justify-content-center align-items-center gap-2 p-2">
          {count > 1 && index !== null ? (
            <Button variant="outline-light" onClick={() => show(index - 1)} aria-label="Previous picture">
              <FiChevronLeft aria-hidden="true" />
            </Button>
          ) : null}
          <Button variant="outline-light" onClick={() => zoomBy(-1)} disabled={zoomStep === 0} aria-label="Zoom out">
            <FiZoomOut aria-hidden="true" />
          </Button>
          <output className="lightbox-zoom text-light small" aria-live="polite">
            {zoom * 100}%
          </output>
          <Button
            variant="outline-light"
            onClick={() => zoomBy(1)}
            disabled={zoomStep === ZOOMS.length - 1}
            aria-label="Zoom in"
          >
            <FiZoomIn aria-hidden="true" />
          </Button>
          {count > 1 && index !== null ? (
            <Button variant="outline-light" onClick={() => show(index + 1)} aria-label="Next picture">
              <FiChevronRight aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </Modal.Body>
    </Modal>
  );
}
