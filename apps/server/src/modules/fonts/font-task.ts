import { boundedTask } from '../../platform/bounded-task.js';
import { inspectFontFile, type FontFacts } from './font-file.js';

/** The font thread's task (loaded by piscina in each thread of `font-threads.ts`): `inspectFontFile` on the uploaded bytes. */
export const inspectFont = boundedTask((bytes: Uint8Array): Promise<FontFacts> =>
  inspectFontFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
