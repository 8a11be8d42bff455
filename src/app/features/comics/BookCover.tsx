import { SecureImage } from '../../components/SecureImage';
import { CommonText } from '../../../contract';

/** Covers are 3:4 (the _180_0 rendition is 180×240); wide covers 16:9. */
export const COVER_W = 180;
export const COVER_H = 240;
export const HORI_W = 500;
export const HORI_H = 281;

export function BookCover({
  src,
  title,
  wide = false,
  eager,
  className,
}: {
  src: string;
  title: string;
  wide?: boolean;
  eager?: boolean;
  className?: string;
}) {
  return (
    <SecureImage
      src={src}
      width={wide ? HORI_W : COVER_W}
      height={wide ? HORI_H : COVER_H}
      alt={CommonText.cover(title)}
      eager={eager}
      className={className ? `book-cover ${className}` : 'book-cover'}
    />
  );
}
