import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';

/** Text encodings a CSV upload may use (docs/requirements/mailing-lists.md#file-formats: decode bytes first). */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** An encoding and the length of its byte-order mark (0 when there is none). */
export type DetectedEncoding = { encoding: TextEncoding; bomBytes: number };

/**
 * Detects the encoding of CSV bytes: a BOM decides UTF-8 / UTF-16 LE / UTF-16 BE; without one,
 * a NUL in every other byte of the start means BOM-less UTF-16; otherwise the bytes are UTF-8
 * when they are valid UTF-8 and Windows-1252 (what Excel on Windows writes) when not.
 * `isUtf8` is the same check as `new TextDecoder('utf-8', { fatal: true })` without building
 * the string, so a 50 MB file is not decoded twice.
 */
export function detectEncoding(bytes: Uint8Array): DetectedEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomBytes: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomBytes: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomBytes: 2 };
  const bomless = bomlessUtf16(bytes);
  if (bomless) return { encoding: bomless, bomBytes: 0 };
  return { encoding: isUtf8(bytes) ? 'utf-8' : 'windows-1252', bomBytes: 0 };
}

/** UTF-16 without a BOM shows as ASCII text with a NUL in every other byte. */
function bomlessUtf16(bytes: Uint8Array): TextEncoding | null {
  const n = Math.min(bytes.length - (bytes.length % 2), 512);
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul > pairs * 0.9 && evenNul === 0) return 'utf-16le';
  if (evenNul > pairs * 0.9 && oddNul === 0) return 'utf-16be';
  return null;
}

/**
 * Decodes `bytes` (BOM removed) as a sequence of strings of about `chunkBytes` bytes each, so a
 * large file never exists as one string. Characters split across chunk borders are joined by
 * the streaming decoders.
 */
export function* decodeChunks(bytes: Uint8Array, detected: DetectedEncoding, chunkBytes = 1 << 20): Generator<string> {
  const body = bytes.subarray(detected.bomBytes);
  if (detected.encoding === 'utf-8') {
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    for (let i = 0; i < body.length; i += chunkBytes) {
      const text = decoder.decode(body.subarray(i, i + chunkBytes), { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
    return;
  }
  const decoder = iconv.getDecoder(detected.encoding === 'windows-1252' ? 'win1252' : detected.encoding, { stripBOM: false });
  for (let i = 0; i < body.length; i += chunkBytes) {
    const text = decoder.write(Buffer.from(body.buffer, body.byteOffset + i, Math.min(chunkBytes, body.length - i)));
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** Decodes the whole of `bytes` to one string (tests and small files). */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  const detected = detectEncoding(bytes);
  return { text: [...decodeChunks(bytes, detected)].join(''), encoding: detected.encoding };
}
