import { MAX_PRODUCT_IMAGES } from '@bagshop/shared/catalogue';
import { CATALOGUE_MSG } from '@bagshop/shared/catalogue-messages';
import { MSG } from '@bagshop/shared/messages';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import { FiChevronLeft, FiChevronRight, FiX } from 'react-icons/fi';
import { toast } from 'react-toastify';
import { ImageCropper } from '../../../components/image-cropper.tsx';

/** docs/product.md §9: product crops are square and start zoomed out to 0.5. */
/** Square, starting with the whole photo in view (docs/product.md §9 Cropping); never below half size otherwise. */
export const PRODUCT_CROP = { aspect: 1, initialZoom: 0.5, startWhole: true, minZoom: 0.5 } as const;

export interface ImageTile {
  key: string;
  src: string;
  /** Saved on the server (kept through existingImages) or cropped here and not uploaded yet. */
  saved: boolean;
}

/** Saved images keep their own order before the new ones, which the server appends after them. */
export function canMove(tiles: ImageTile[], index: number, direction: -1 | 1) {
  const other = tiles[index + direction];
  return other !== undefined && other.saved === tiles[index].saved;
}

interface ProductImagesProps {
  tiles: ImageTile[];
  error?: string;
  disabled?: boolean;
  onAdd: (blob: Blob) => void;
  onMove: (index: number, direction: -1 | 1) => void;
  onRemove: (index: number) => void;
}

/** docs/product.md §4 Product images: choose files, crop each one, then reorder or delete the thumbnails. */
export function ProductImages({ tiles, error, disabled = false, onAdd, onMove, onRemove }: ProductImagesProps) {
  const [queue, setQueue] = useState<string[]>([]);
  const room = MAX_PRODUCT_IMAGES - tiles.length;

  // Chosen files waiting for the crop dialog live as object URLs until cropped or skipped.
  const queueRef = useRef(queue);
  useEffect(() => {
    queueRef.current = queue;
  }, [queue]);
  useEffect(
    () => () => {
      for (const src of queueRef.current) URL.revokeObjectURL(src);
    },
    [],
  );

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const images = files.filter((file) => file.type.startsWith('image/'));
    if (images.length < files.length) toast.error(MSG.imageInvalid);
    const free = room - queue.length;
    if (images.length > free) toast.info(CATALOGUE_MSG.tooManyImages);
    const taken = images.slice(0, Math.max(0, free));
    if (taken.length === 0) return;
    setQueue((current) => [...current, ...taken.map((file) => URL.createObjectURL(file))]);
  }

  function next() {
    setQueue(([first, ...rest]) => {
      if (first) URL.revokeObjectURL(first);
      return rest;
    });
  }

  return (
    <Form.Group className="mb-3">
      <Form.Label htmlFor="product-images">Images</Form.Label>
      <Form.Control
        id="product-images"
        type="file"
        accept="image/*"
        multiple
        onChange={choose}
        disabled={disabled || room <= 0}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'product-images-hint product-images-error' : 'product-images-hint'}
      />
      <Form.Text id="product-images-hint" muted>
        Up to {MAX_PRODUCT_IMAGES} images; each one is cropped square. The first image is the one shoppers see first.
      </Form.Text>
      {error ? (
        <div id="product-images-error" className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}

      {tiles.length > 0 ? (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mt-3 mb-0" aria-label="Product images">
          {tiles.map((tile, index) => (
            <li key={tile.key} className="product-image-tile">
              <img src={tile.src} alt={`Product view ${index + 1}`} className="product-image-thumb" />
              {tile.saved ? null : (
                <Badge bg="warning" text="dark" className="product-image-badge">
                  New
                </Badge>
              )}
              <div className="product-image-tools">
                <Button
                  size="sm"
                  variant="light"
                  onClick={() => onMove(index, -1)}
                  disabled={disabled || !canMove(tiles, index, -1)}
                  aria-label={`Move image ${index + 1} left`}
                >
                  <FiChevronLeft aria-hidden="true" />
                </Button>
                <Button
                  size="sm"
                  variant="light"
                  onClick={() => onRemove(index)}
                  disabled={disabled}
                  aria-label={`Delete image ${index + 1}`}
                >
                  <FiX aria-hidden="true" className="text-danger" />
                </Button>
                <Button
                  size="sm"
                  variant="light"
                  onClick={() => onMove(index, 1)}
                  disabled={disabled || !canMove(tiles, index, 1)}
                  aria-label={`Move image ${index + 1} right`}
                >
                  <FiChevronRight aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      <ImageCropper
        image={queue[0] ?? null}
        title={queue.length > 1 ? `Crop image (${queue.length - 1} more after this one)` : 'Crop image'}
        aspect={PRODUCT_CROP.aspect}
        initialZoom={PRODUCT_CROP.initialZoom}
        startWhole={PRODUCT_CROP.startWhole}
        minZoom={PRODUCT_CROP.minZoom}
        onCancel={next}
        onCropped={(blob) => {
          onAdd(blob);
          next();
        }}
      />
    </Form.Group>
  );
}
