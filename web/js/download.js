// Download progress of the engine's start-up (used by the worker): a fetch that counts the bytes of the bodies
// it reads, and the words for a count. The bytes are those the reader gets, decompressed (a server may send
// them gzip-compressed); the total is build-info.json's `downloadBytes`, the sizes of the files as built.

/**
 * A fetch that reports the size of each chunk of every answer's body, as it is read, to `onBytes`.
 * @param {typeof fetch} inner  the fetch to wrap
 * @param {(bytes: number) => void} onBytes
 * @returns {typeof fetch}
 */
export function countingFetch(inner, onBytes) {
  return async (input, init) => {
    const response = await inner(input, init);
    if (!response.body) return response;
    /** @type {TransformStream<Uint8Array, Uint8Array>} */
    const counter = new TransformStream({
      transform(chunk, controller) {
        onBytes(chunk.byteLength);
        controller.enqueue(chunk);
      },
    });
    const { status, statusText, headers } = response;
    return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
  };
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
