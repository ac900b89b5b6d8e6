/**
 * The tab's icon with a red dot: the page's own favicon drawn on a canvas
 * and marked, as a data: PNG (the Content-Security-Policy allows data:
 * images). Made once per icon.
 */
const made = new Map<string, Promise<string | null>>();
const SIZE = 64;

export function markedFavicon(href: string): Promise<string | null> {
  let out = made.get(href);
  if (!out) {
    out = draw(href);
    made.set(href, out);
  }
  return out;
}

async function draw(href: string): Promise<string | null> {
  try {
    const img = new Image(SIZE, SIZE);
    img.src = href;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = SIZE;
    canvas.height = SIZE;
    const g = canvas.getContext('2d');
    if (!g) return null;
    g.drawImage(img, 0, 0, SIZE, SIZE);
    g.beginPath();
    g.arc(SIZE - 15, 15, 13, 0, Math.PI * 2);
    g.fillStyle = '#e5484d';
    g.fill();
    g.lineWidth = 4;
    g.strokeStyle = '#ffffff';
    g.stroke();
    return canvas.toDataURL('image/png');
  } catch {
    return null; // the title still says it
  }
}
