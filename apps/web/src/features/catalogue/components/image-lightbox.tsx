import { useEffect, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { FiChevronLeft, FiChevronRight, FiZoomIn, FiZoomOut } from 'react-icons/fi';

const ZOOMS = [1, 2, 3] as const;
const stepZoom = (step: number, by: number) => Math.min(ZOOMS.length - 1, Math.max(0, step + by));

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
 */
export function ImageLightbox({ name, images, index, onIndexChange, onClose }: ImageLightboxProps) {
  const [zoomStep, setZoomStep] = useState(0);
  const count = images.length;
  const zoom = ZOOMS[zoomStep];
  const show = (next: number) => {
    setZoomStep(0);
    onIndexChange((next + count) % count);
  };
  const zoomBy = (by: number) => setZoomStep((step) => stepZoom(step, by));
  const label = index === null ? name : count > 1 ? `${name}, picture ${index + 1} of ${count}` : name;

  // On the document, not the dialog: a zoom button that just became disabled drops the focus to the page body.
  useEffect(() => {
    if (index === null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight' && count > 1) onIndexChange((index + 1) % count);
      else if (event.key === 'ArrowLeft' && count > 1) onIndexChange((index - 1 + count) % count);
      else if (event.key === '+' || event.key === '=') return setZoomStep((step) => stepZoom(step, 1));
      else if (event.key === '-') return setZoomStep((step) => stepZoom(step, -1));
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
        <div className="lightbox-stage" data-zoom={zoom}>
          {index !== null ? (
            <img
              src={images[index]}
              alt={label}
              className="lightbox-img"
              style={zoom > 1 ? { width: `${zoom * 100}%`, maxWidth: 'none', maxHeight: 'none' } : undefined}
            />
          ) : null}
        </div>
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
