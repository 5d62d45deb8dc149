// Where the engine's worker keeps its memory snapshot of Python between visits: one file in the origin private
// file system (OPFS), read and written through a synchronous access handle (dedicated workers only). A return
// visit reads its 31 MB in about 20 ms this way; from Cache Storage, as the builds before this one kept it, the
// same read took 60-130 ms on an idle machine and 400-550 ms while the page and its service worker were loading.
//
// The file: a 4-byte little-endian length, then that many bytes of JSON, the header {of, length, sha256}, then
// the snapshot itself. `of` says what it is a snapshot of (the build and the Pyodide version); `length` and
// `sha256` are its bytes'. One file a site (its name is the site's address, escaped), replaced whole.

/**
 * @typedef {object} SnapshotHeader
 * @property {string} of  the build and Pyodide version it is a snapshot of
 * @property {number} length  its length in bytes
 * @property {string} sha256  its hash, hex
 */

/**
 * @typedef {object} StoredSnapshot  a snapshot an earlier visit stored, read but not checked yet
 * @property {Uint8Array} bytes
 * @property {SnapshotHeader} header
 */

/** Whether this context has an origin private file system (a secure one does): else no snapshot is made. */
export const canKeepSnapshots = Boolean(self.navigator?.storage?.getDirectory);
/** The folder of the snapshots in the origin private file system. */
export const SNAPSHOT_FOLDER = "paili-snapshots";
/** The Cache Storage cache the builds before this one kept their snapshot in: deleted once a new one is stored. */
const OLD_SNAPSHOT_CACHE = "paili.snapshot";

/** @param {Uint8Array} bytes @returns {Promise<string>} hex sha256 */
export async function sha256(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", /** @type {Uint8Array<ArrayBuffer>} */ (bytes)));
  return Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The file's name for the site at `siteUrl`. @param {URL} siteUrl */
export function snapshotName(siteUrl) {
  return `${encodeURIComponent(siteUrl.href)}.snapshot`;
}

/**
 * The folder of the snapshots, or null where there is no origin private file system (an insecure context).
 * @param {boolean} create
 * @returns {Promise<FileSystemDirectoryHandle | null>}
 */
async function folder(create) {
  if (!canKeepSnapshots) return null;
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(SNAPSHOT_FOLDER, { create });
}

/**
 * Run `use` on a synchronous access handle of `file`, closed after (the handle locks the file against other tabs).
 * @template T
 * @param {FileSystemFileHandle} file @param {(handle: FileSystemSyncAccessHandle) => T} use
 * @returns {Promise<T>}
 */
async function withHandle(file, use) {
  const handle = await file.createSyncAccessHandle();
  try {
    return use(handle);
  } finally {
    handle.close();
  }
}

/**
 * A snapshot file's header and bytes; throws when its length is not the one its header says.
 * @param {FileSystemSyncAccessHandle} handle
 * @returns {StoredSnapshot}
 */
function readFile(handle) {
  const size = handle.getSize();
  const prefix = new DataView(new ArrayBuffer(4));
  handle.read(prefix, { at: 0 });
  const headerLength = prefix.getUint32(0, true);
  if (headerLength > 4096) throw new Error(`the snapshot file's header says it is ${headerLength} bytes long`);
  const headerBytes = new Uint8Array(headerLength);
  handle.read(headerBytes, { at: 4 });
  /** @type {SnapshotHeader} */
  const header = JSON.parse(new TextDecoder().decode(headerBytes));
  if (size !== 4 + headerLength + header.length) {
    throw new Error(`the snapshot file is ${size} bytes long, not the ${4 + headerLength + header.length} its header says`);
  }
  const bytes = new Uint8Array(header.length);
  handle.read(bytes, { at: 4 + headerLength });
  return { bytes, header };
}

/**
 * The snapshot kept for the site at `siteUrl`, or null when there is none (or it cannot be read: another tab
 * holds it). Its length is checked against its header's; a file whose header or length is wrong is deleted.
 * @param {URL} siteUrl
 * @returns {Promise<StoredSnapshot | null>}
 */
export async function readSnapshot(siteUrl) {
  try {
    const file = await (await folder(false))?.getFileHandle(snapshotName(siteUrl));
    return file ? await withHandle(file, readFile) : null;
  } catch (error) {
    if (error instanceof DOMException && error.name === "NotFoundError") return null; // no snapshot yet
    if (error instanceof DOMException && error.name === "NoModificationAllowedError") return null; // another tab's
    console.warn("paili worker: the snapshot could not be read:", error);
    await dropSnapshot(siteUrl);
    return null;
  }
}

/** Delete the snapshot of the site at `siteUrl` (stale or damaged). @param {URL} siteUrl */
export async function dropSnapshot(siteUrl) {
  try {
    await (await folder(false))?.removeEntry(snapshotName(siteUrl));
  } catch {
    // none to delete, or another tab holds it: the next visit checks it again
  }
}

/**
 * Keep a snapshot for the next visit of the site at `siteUrl`, replacing any other.
 * @param {URL} siteUrl @param {string} of  the build and Pyodide version it is of @param {Uint8Array} bytes
 */
export async function storeSnapshot(siteUrl, of, bytes) {
  try {
    const dir = await folder(true);
    if (!dir) return;
    /** @type {SnapshotHeader} */
    const header = { of, length: bytes.length, sha256: await sha256(bytes) };
    const headerBytes = new TextEncoder().encode(JSON.stringify(header));
    const prefix = new DataView(new ArrayBuffer(4));
    prefix.setUint32(0, headerBytes.length, true);
    await withHandle(await dir.getFileHandle(snapshotName(siteUrl), { create: true }), (handle) => {
      handle.truncate(0);
      handle.write(prefix, { at: 0 });
      handle.write(headerBytes, { at: 4 });
      handle.write(bytes, { at: 4 + headerBytes.length });
      handle.flush();
    });
    await self.caches?.delete(OLD_SNAPSHOT_CACHE); // an earlier build's copy: 31 MB
  } catch (error) {
    console.warn("paili worker: the snapshot was not stored:", error); // the next visit starts the normal way
  }
}
