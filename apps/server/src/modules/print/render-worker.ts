import fs from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { Template } from '@pdfme/common';
import { loadFonts } from '../fonts/builtin-fonts.js';
import { renderChunk } from './render-chunk.js';

/**
 * Print render worker thread (DESIGN.md "Print rendering"): loads the fonts and pdfme plugins
 * once, then renders chunks of mail pieces to temp files on request.
 *
 * Messages in: `{ kind: 'template', key, template }` (kept until replaced; one job at a time
 * sends one template) and `{ kind: 'render', id, key, inputs, outFile }`.
 * Messages out: `{ id, ok: true, bytes }` or `{ id, ok: false, error }`.
 */
export type WorkerRequest =
  | { kind: 'template'; key: string; template: Template }
  | { kind: 'render'; id: number; key: string; inputs: Record<string, string>[]; outFile: string };
export type WorkerReply = { id: number; ok: true; bytes: number } | { id: number; ok: false; error: string };

const port = parentPort;
if (port) {
  const font = loadFonts();
  const templates = new Map<string, Template>();
  port.on('message', async (msg: WorkerRequest) => {
    if (msg.kind === 'template') {
      if (templates.size > 4) templates.clear();
      templates.set(msg.key, msg.template);
      return;
    }
    try {
      const template = templates.get(msg.key);
      if (!template) throw new Error(`Unknown template ${msg.key}`);
      const pdf = await renderChunk(template, msg.inputs, font);
      await fs.writeFile(msg.outFile, pdf);
      port.postMessage({ id: msg.id, ok: true, bytes: pdf.length } satisfies WorkerReply);
    } catch (err) {
      port.postMessage({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies WorkerReply);
    }
  });
}
