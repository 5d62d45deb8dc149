// Download progress of the engine's start-up (used by the worker): a fetch that counts the bytes of the bodies
// it fetches, and the words for a count. The bytes are those a reader gets, decompressed (a server may send
// them gzip-compressed); the total is build-info.json's `downloadBytes`, the sizes of the files as built.

/**
 * A fetch that reports the size of each chunk of every answer's body, as it arrives, to `onBytes`.
 *
 * The chunks are counted on a copy (`Response.clone()`); the answer itself is returned untouched. A Response
 * built here around a counting stream would work as well for its reader, but it is no longer the browser's
 * answer for its URL: the browser then cannot keep what it compiles from it, and pyodide.asm.wasm (compiled by
 * `WebAssembly.instantiateStreaming`) would be compiled again on every visit instead of coming from Chrome's
 * WebAssembly code cache.
 * @param {typeof fetch} inner  the fetch to wrap
 * @param {(bytes: number) => void} onBytes
 * @returns {typeof fetch}
 */
export function countingFetch(inner, onBytes) {
  return async (input, init) => {
    const response = await inner(input, init);
    const copy = response.body ? response.clone().body : null;
    if (copy) void count(copy, onBytes);
    return response;
  };
}

/**
 * Read a body to its end, telling `onBytes` the size of each chunk. A body that fails stops the count; its
 * error is the reader's of the answer itself to see.
 * @param {ReadableStream<Uint8Array>} body
 * @param {(bytes: number) => void} onBytes
 */
async function count(body, onBytes) {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onBytes(value.byteLength);
    }
  } catch {
    // the answer's own reader gets the same error
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
