import { responsiveImage } from "@/lib/image-url";

interface PictureProps {
  src: string;
  alt: string;
  /** The box the image fills; uploads are cropped to its aspect ratio. */
  width: number;
  height: number;
  /** Widths offered in srcset; the largest should be the box's width at 2x or less. */
  widths: number[];
  sizes: string;
  /** Above the fold: load at once and early. Otherwise load when near the viewport. */
  eager?: boolean;
  className?: string;
}

/** A responsive image: our uploads resized by the image service, anything else as it is. */
export function Picture({ src, alt, width, height, widths, sizes, eager = false, className }: PictureProps) {
  const image = responsiveImage(src, { width, height }, widths, sizes);
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.sizes}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={className}
    />
  );
}
