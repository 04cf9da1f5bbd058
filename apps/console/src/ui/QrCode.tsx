// A QR code drawn in the page (qrcode, the library the terminal's e-mailed receipts use): a data:
// image is all the content security policy lets in, and the text (an activation code, an
// authenticator's secret) never leaves the browser.
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function QrCode({ text, alt, size = 192 }: { text: string; alt: string; size?: number }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(text, { margin: 1, width: size }).then((url) => live && setImage(url));
    return () => {
      live = false;
    };
  }, [text, size]);
  return image ? <img className="ui-qr" src={image} alt={alt} width={size} height={size} /> : null;
}
