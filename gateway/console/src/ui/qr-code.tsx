// A QR code drawn here, as SVG elements (uqr computes the modules): no image service sees the
// secret it carries, and nothing is injected as markup (the console's Content-Security-Policy
// allows no inline code, and none is needed).
import { encode } from 'uqr';

/** The SVG path of the dark modules, one 1×1 square each, with the quiet zone around them. */
export function qrPath(text: string): { d: string; size: number } {
  const { data, size } = encode(text, { ecc: 'M', border: 4 });
  let d = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { d, size };
}

export function QrCode({ text, label }: { text: string; label: string }) {
  const { d, size } = qrPath(text);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={size * 5}
      height={size * 5}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
