import { useRef, useState, type KeyboardEvent } from 'react';
import { partPageCopy } from '@shop/shared/copy/part-page';
import { uploadSrcSet } from '@shop/shared/images';

const t = partPageCopy;

interface PartGalleryProps {
  name: string;
  /** Ordered; the first is the product's `img`. */
  images: readonly string[];
}

/**
 * The product's pictures: one large, the others as thumbnails that switch it.
 * Thumbnails are buttons (Tab, Enter, Space); the arrow keys, Home and End move between them.
 */
export function PartGallery({ name, images }: PartGalleryProps) {
  const pictures = images.length > 0 ? images : [''];
  const [active, setActive] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(active, pictures.length - 1);
  const src = pictures[current];

  const select = (index: number) => {
    const next = (index + pictures.length) % pictures.length;
    setActive(next);
    thumbs.current[next]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') select(current + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') select(current - 1);
    else if (e.key === 'Home') select(0);
    else if (e.key === 'End') select(pictures.length - 1);
    else return;
    e.preventDefault();
  };

  return (
    <section aria-label={t.gallery} className="flex flex-col gap-3 self-start">
      {/* The same framing as the product cards: the art's own light backdrop, cropped by a slight zoom. */}
      <figure className="overflow-hidden rounded-box border border-base-300 bg-gradient-to-b from-[#f3f5f7] to-[#e6eaee]">
        <img
          key={src}
          src={src}
          srcSet={uploadSrcSet(src)}
          sizes="(min-width: 1024px) 576px, (min-width: 768px) 50vw, 100vw"
          alt={t.pictureAlt(name, current + 1, pictures.length)}
          width={640}
          height={480}
          // The page's largest picture: fetched first, never lazily.
          fetchPriority={current === 0 ? 'high' : 'auto'}
          decoding="async"
          className="aspect-[4/3] h-auto w-full scale-[1.08] object-contain"
        />
      </figure>
      {pictures.length > 1 && (
        <div role="group" aria-label={t.choosePicture} className="flex flex-wrap gap-2" onKeyDown={onKeyDown}>
          {pictures.map((url, i) => (
            <button
              key={`${url}-${i}`}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              aria-label={t.showPicture(i + 1, pictures.length)}
              aria-pressed={i === current}
              onClick={() => setActive(i)}
              className={`h-16 w-20 overflow-hidden rounded-field border-2 bg-gradient-to-b from-[#f3f5f7] to-[#e6eaee] transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:h-20 sm:w-24 ${
                i === current ? 'border-primary' : 'border-base-300 hover:border-base-content/40'
              }`}
            >
              <img
                src={url}
                srcSet={uploadSrcSet(url)}
                sizes="96px"
                alt=""
                width={96}
                height={72}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-contain"
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
