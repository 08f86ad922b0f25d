import { MSG } from '@bagshop/shared/messages';
import { useState } from 'react';
import { Alert, Button, Form, Modal, ProgressBar, Spinner } from 'react-bootstrap';
import Cropper, { type Area, type MediaSize } from 'react-easy-crop';
import { cropToWebp } from './crop-image.ts';

/** docs/product.md §9: a profile picture crop box is at least 10 px. */
export const MIN_CROP_PX = 10;
const MAX_ZOOM = 3;

/**
 * The zoom at which the whole picture fits inside the crop box. At zoom 1 the crop box is the largest box of this
 * aspect inside the picture, so a picture of another shape shows only part of itself; this shrinks it until all of
 * it fits.
 */
export function wholePictureZoom(width: number, height: number, aspect: number): number {
  if (width <= 0 || height <= 0) return 1;
  const boxWidth = width / height > aspect ? height * aspect : width;
  const boxHeight = boxWidth / aspect;
  return Math.min(1, boxWidth / width, boxHeight / height);
}

interface ImageCropperProps {
  /** The picture to crop (an object URL or a saved picture's URL); null hides the dialog. */
  image: string | null;
  onCancel: () => void;
  /**
   * Receives the cropped webp, and may save it there and then: the dialog waits, and a message it answers is shown in
   * the dialog, which stays open to try again.
   */
  onCropped: (blob: Blob) => undefined | string | Promise<undefined | string>;
  /** How much of the save has been sent (0–100) while `onCropped` works, for a progress bar. */
  progress?: number | null;
  title?: string;
  aspect?: number;
  initialZoom?: number;
  /** Start at the zoom that shows the whole picture (docs/product.md §9 Cropping), not at initialZoom. */
  startWhole?: boolean;
  minZoom?: number;
  cropShape?: 'rect' | 'round';
}

/** A dialog to choose a square (by default) part of a picture; 'Crop & Save' hands back a webp (and may save it). */
export function ImageCropper({
  image,
  onCancel,
  onCropped,
  title = 'Crop image',
  aspect = 1,
  initialZoom = 1,
  startWhole = false,
  minZoom: smallestZoom = 1,
  cropShape = 'rect',
  progress = null,
}: ImageCropperProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(initialZoom);
  // A picture much wider or taller than the box may need to shrink below the usual minimum to show whole.
  const [minZoom, setMinZoom] = useState(smallestZoom);
  const [maxZoom, setMaxZoom] = useState(MAX_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [shownImage, setShownImage] = useState(image);

  // A new picture starts from the initial framing.
  if (shownImage !== image) {
    setShownImage(image);
    setCrop({ x: 0, y: 0 });
    setZoom(initialZoom);
    setMinZoom(smallestZoom);
    setArea(null);
    setFailed(null);
  }

  const tooSmall = area !== null && (area.width < MIN_CROP_PX || area.height < MIN_CROP_PX);

  function onMediaLoaded(media: MediaSize) {
    // Zooming further than this would make the crop box smaller than the minimum.
    const side = Math.min(media.naturalWidth, media.naturalHeight);
    if (startWhole) {
      const whole = wholePictureZoom(media.naturalWidth, media.naturalHeight, aspect);
      const lowest = Math.min(smallestZoom, whole);
      setMinZoom(lowest);
      setZoom(whole);
      setCrop({ x: 0, y: 0 });
      setMaxZoom(Math.max(lowest, Math.min(MAX_ZOOM, side / MIN_CROP_PX)));
      return;
    }
    setMaxZoom(Math.max(minZoom, Math.min(MAX_ZOOM, side / MIN_CROP_PX)));
  }

  async function save() {
    if (!image || !area || tooSmall) return;
    setBusy(true);
    setFailed(null);
    try {
      let blob: Blob;
      try {
        blob = await cropToWebp(image, area);
      } catch {
        setFailed(MSG.cropFailed);
        return;
      }
      const problem = await onCropped(blob);
      if (problem) setFailed(problem);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal show={image !== null} onHide={busy ? () => undefined : onCancel} centered aria-labelledby="cropper-title">
      <Modal.Header closeButton={!busy}>
        <Modal.Title id="cropper-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="crop-stage">
          {image ? (
            <Cropper
              image={image}
              crop={crop}
              zoom={zoom}
              aspect={aspect}
              minZoom={minZoom}
              maxZoom={maxZoom}
              cropShape={cropShape}
              restrictPosition={minZoom >= 1}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              onMediaLoaded={onMediaLoaded}
              mediaProps={{ crossOrigin: 'anonymous' }}
            />
          ) : null}
        </div>
        <Form.Group controlId="cropper-zoom" className="mt-3">
          <Form.Label className="small mb-1">Zoom</Form.Label>
          <Form.Range
            min={minZoom}
            max={maxZoom}
            step={0.01}
            value={zoom}
            onChange={(e) => setZoom(Number(e.target.value))}
          />
        </Form.Group>
        {tooSmall ? <p className="small text-danger mb-0">{MSG.cropTooSmall}</p> : null}
        {busy && progress !== null ? (
          <ProgressBar
            className="mt-3"
            animated
            now={progress}
            label={`${progress}%`}
            aria-label={MSG.pictureUploadProgress}
          />
        ) : null}
        {failed ? (
          <Alert variant="danger" className="mt-2 mb-0 py-2 small">
            {failed}
          </Alert>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="brand" onClick={save} disabled={busy || !area || tooSmall}>
          {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          Crop &amp; Save
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
