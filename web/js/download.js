// Download progress of the engine's start-up (used by the worker): a fetch that counts the bytes of the bodies
// it fetches, the bytes over the wire those stand for, and the words for a count. A reader gets a body's bytes
// decoded (a server may send them brotli- or gzip-compressed); build-info.json's `startFiles` gives each file's
// size in each encoding, so the count is of the bytes that cross the wire, against those expected to.

/**
 * A fetch that reports the size of each chunk of every answer's body, as it arrives, to `onBytes`.
 *
 * The chunks are counted on a copy (`Response.clone()`); the answer itself is returned untouched. A Response
 * built here around a counting stream would work as well for its reader, but it is no longer the browser's
 * answer for its URL: the browser then cannot keep what it compiles from it, and pyodide.asm.wasm (compiled by
 * `WebAssembly.instantiateStreaming`) would be compiled again on every visit instead of coming from Chrome's
 * WebAssembly code cache.
 * @param {typeof fetch} inner  the fetch to wrap
 * @param {(bytes: number, response: Response) => void} onBytes
 * @param {(response: Response) => void} [onEnd]  the body was read to its end
 * @returns {typeof fetch}
 */
export function countingFetch(inner, onBytes, onEnd) {
  return async (input, init) => {
    const response = await inner(input, init);
    const copy = response.body ? response.clone().body : null;
    if (copy) void count(copy, (bytes) => onBytes(bytes, response)).then((whole) => whole && onEnd?.(response));
    return response;
  };
}

/**
 * Read a body to its end, telling `onBytes` the size of each chunk. A body that fails stops the count; its
 * error is the reader's of the answer itself to see.
 * @param {ReadableStream<Uint8Array>} body
 * @param {(bytes: number) => void} onBytes
 * @returns {Promise<boolean>}  whether the body was read to its end
 */
async function count(body, onBytes) {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      onBytes(value.byteLength);
    }
  } catch {
    return false; // the answer's own reader gets the same error
  }
}

/** @typedef {Record<string, number>} EncodedSizes  a file's bytes over the wire by Content-Encoding
 *  (`identity`: the file as it is; `gzip`, `br`: its precompressed copies) */

/**
 * The bytes over the wire of a set of files being downloaded. A body arrives decoded: while a file comes, its
 * wire bytes are its decoded bytes scaled by the ratio of its size in the answer's encoding to its own size;
 * once read to its end, exactly its size in that encoding. Files not answered yet count at their size in
 * `guess`, the encoding the server is expected to use (that of another answer of the same server).
 */
export class WireCount {
  /**
   * @param {Record<string, EncodedSizes>} files  by absolute URL
   * @param {string} guess  a Content-Encoding ("identity" for none)
   */
  constructor(files, guess) {
    this.files = files;
    this.guess = guess;
    /** @type {Map<string, {encoding: string, decoded: number, done: boolean}>} */
    this.answers = new Map();
  }

  /** @param {string} url  @param {string} encoding  @returns {number} the file's bytes over the wire in it */
  size(url, encoding) {
    const sizes = this.files[url];
    return sizes[encoding] ?? sizes.identity;
  }

  /** Whether `url` is one of the files. @param {string} url */
  has(url) {
    return Object.hasOwn(this.files, url);
  }

  /** @param {string} url @param {string | null} encoding  the answer's Content-Encoding (null: none) */
  answer(url, encoding) {
    if (this.has(url) && !this.answers.has(url)) this.answers.set(url, { encoding: encoding || "identity", decoded: 0, done: false });
  }

  /** @param {string} url @param {number} bytes  decoded bytes of its body */
  add(url, bytes) {
    const entry = this.answers.get(url);
    if (entry) entry.decoded += bytes;
  }

  /** @param {string} url  its body was read to its end */
  end(url) {
    const entry = this.answers.get(url);
    if (entry) entry.done = true;
  }

  /** The bytes over the wire so far. */
  get loaded() {
    let sum = 0;
    for (const [url, { encoding, decoded, done }] of this.answers) {
      const wire = this.size(url, encoding);
      sum += done ? wire : Math.min(wire, Math.floor((decoded * wire) / this.size(url, "identity")));
    }
    return sum;
  }

  /** The bytes over the wire expected in all. */
  get total() {
    let sum = 0;
    for (const url of Object.keys(this.files)) sum += this.size(url, this.answers.get(url)?.encoding ?? this.guess);
    return sum;
  }

  /** Whether every file has been read to its end. */
  get done() {
    return Object.keys(this.files).every((url) => this.answers.get(url)?.done);
  }
}

/**
 * The percent of `total` that `loaded` is, 0..100 (whole; 100 only when all is there); null without a total.
 * @param {number} loaded
 * @param {number} total
 * @returns {number | null}
 */
export function percentOf(loaded, total) {
  if (!(total > 0)) return null;
  return loaded >= total ? 100 : Math.min(99, Math.floor((100 * loaded) / total));
}

/**
 * A count of bytes for people: "3.1 of 12.4 MB (25%)", or "3.1 MB" without a total.
 * @param {number} loaded
 * @param {number} total  0 when unknown
 * @returns {string}
 */
export function downloadText(loaded, total) {
  const mb = (/** @type {number} */ bytes) => (bytes / 1e6).toFixed(1);
  const percent = percentOf(loaded, total);
  return percent === null ? `${mb(loaded)} MB` : `${mb(loaded)} of ${mb(total)} MB (${percent}%)`;
}
