import { Piscina } from 'piscina';
import { drawMapPng, type MapDrawTask } from './static-map.js';

/**
 * The map render thread's handler (piscina loads this file in each thread): draws one map to PNG.
 * The logo arrives as a Uint8Array (structured clone) and is made a Buffer again; the PNG is moved back.
 */
export default async function mapRenderTask(task: MapDrawTask): Promise<Uint8Array> {
  const logo = task.input.marker.logoPng;
  const png = await drawMapPng({ ...task, input: { ...task.input, marker: { ...task.input.marker, logoPng: logo ? Buffer.from(logo) : null } } });
  const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
  return Piscina.move(bytes) as unknown as Uint8Array;
}
