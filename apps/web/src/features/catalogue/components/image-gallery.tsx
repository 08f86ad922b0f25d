import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { ProductImage } from '../../../components/product-image.tsx';
import { ImageLightbox } from './image-lightbox.tsx';

interface ImageGalleryProps {
  name: string;
  images: string[];
  thumbs: string[];
}

/**
 * A main picture and thumbnails; the thumbnails are buttons, and the arrow keys move between them. The main picture
 * is a button too: it opens the pictures full size, with zoom.
 */
export function ImageGallery({ name, images, thumbs }: ImageGalleryProps) {
  const [current, setCurrent] = useState(0);
  const [fullSize, setFullSize] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const key = images.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: another product starts at its first picture
  useEffect(() => setCurrent(0), [key]);

  const count = images.length;
  const show = (index: number) => {
    const next = (index + count) % count;
    setCurrent(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.key in moves) {
      event.preventDefault();
      show(current + moves[event.key]);
    } else if (event.key === 'Home') {
      event.preventDefault();
      show(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      show(count - 1);
    }
  };

  if (count === 0) return <div className="gallery-main gallery-main-empty" role="img" aria-label={name} />;

  return (
    <div className="product-gallery">
      <button
        type="button"
        className="gallery-main gallery-zoom-trigger"
        aria-haspopup="dialog"
        aria-label={count > 1 ? `View picture ${current + 1} of ${count} full size` : 'View the picture full size'}
        onClick={() => setFullSize(current)}
      >
        {/* Half the page from tablets up (a 1320 px container at most), the whole width on phones. */}
        <ProductImage
          thumb={thumbs[current]}
          large={images[current]}
          sizes="(min-width: 1400px) 636px, (min-width: 768px) 50vw, 100vw"
          priority
          className="gallery-main-img"
          alt={count > 1 ? `${name}, picture ${current + 1} of ${count}` : name}
        />
      </button>
      {count > 1 && (
        <div className="gallery-thumbs" role="toolbar" aria-label="Pictures" onKeyDown={onKeyDown}>
          {images.map((image, index) => (
            <button
              key={image}
              ref={(el) => {
                buttons.current[index] = el;
              }}
              type="button"
              className="gallery-thumb"
              aria-label={`Show picture ${index + 1} of ${count}`}
              aria-pressed={index === current}
              tabIndex={index === current ? 0 : -1}
              onClick={() => setCurrent(index)}
            >
              <ProductImage thumb={thumbs[index] ?? image} sizes="72px" className="gallery-thumb-img" alt="" />
            </button>
          ))}
        </div>
      )}
      <ImageLightbox
        name={name}
        images={images}
        index={fullSize}
        onIndexChange={(index) => {
          setFullSize(index);
          setCurrent(index);
        }}
        onClose={() => setFullSize(null)}
      />
    </div>
  );
}
