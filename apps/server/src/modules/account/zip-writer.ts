import { PassThrough } from 'node:stream';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A ZIP archive written as it is built (fflate's streaming `Zip`): `stream` is what the response
 * sends; each `add*` waits while the reader is behind, so a large export never sits in memory.
 * Throws 'The download was cancelled' once the reader has gone away.
 */
export class ZipWriter {
  readonly stream = new PassThrough();
  private readonly zip = new Zip((err, chunk, final) => {
    if (err) return void this.stream.destroy(err);
    this.stream.write(chunk);
    if (final) this.stream.end();
  });

  /** Waits until the reader has taken what was written (or has gone). */
  private async drained(): Promise<void> {
    if (!this.stream.destroyed && this.stream.writableNeedDrain) {
      await new Promise<void>((resolve) => {
        const done = () => {
          this.stream.off('drain', done).off('close', done);
          resolve();
        };
        this.stream.on('drain', done).on('close', done);
      });
    }
    if (this.stream.destroyed) throw new Error('The download was cancelled');
  }

  /** Adds a text file (UTF-8, deflated). */
  async addText(name: string, text: string): Promise<void> {
    await this.addChunks(name, [text], true);
  }

  /** Adds a file from chunks; `compress` false stores them as they are (PDFs are compressed already). */
  async addChunks(name: string, chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>, compress: boolean): Promise<void> {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.zip.add(file);
    for await (const chunk of chunks) {
      file.push(typeof chunk === 'string' ? strToU8(chunk) : chunk);
      await this.drained();
    }
    file.push(new Uint8Array(0), true);
    await this.drained();
  }

  /** Writes the central directory and ends the stream. */
  end(): void {
    this.zip.end();
  }

  /** Ends the stream with an error (the client sees a cut-off download, never a valid partial archive). */
  fail(err: Error): void {
    this.stream.destroy(err);
  }
}
