import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, copyFile, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";
import { StorageUnavailableError, type Storage, type StoredObject } from "./storage";

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
/** File system failures that say the storage itself is unusable (full, read-only, no permission), not the input. */
const UNAVAILABLE_CODES = new Set(["ENOSPC", "EDQUOT", "EROFS", "EACCES", "EPERM", "EIO"]);

function unavailable(error: unknown): never {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && UNAVAILABLE_CODES.has(code))
    throw new StorageUnavailableError(`local storage: ${code}`, { cause: error });
  throw error;
}

/** Objects as files under `root`; writes go to a temporary name and are renamed when complete. */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };

  /** Files under `dir` in key order: a directory sorts as its name plus "/", as its keys do. */
  async function* walk(dir: string, prefix: string): AsyncGenerator<StoredObject> {
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    const named = entries
      .filter((entry) => entry.isDirectory() || entry.isFile())
      .map((entry) => ({ entry, sortKey: entry.isDirectory() ? `${entry.name}/` : entry.name }))
      .sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));
    for (const { entry } of named) {
      const full = path.join(dir, entry.name);
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) yield* walk(full, `${key}/`);
      else {
        const info = await stat(full).catch(() => null);
        if (info) yield { key, size: info.size, modifiedAt: info.mtime };
      }
    }
  }

  return {
    kind: "local",
    location: root,
    async put(key, body) {
      const target = resolve(key);
      const temporary = `${target}.${randomUUID()}.part`;
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temporary));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        unavailable(error);
      }
      return { size: (await stat(target)).size };
    },
    async get(key, range) {
      const target = resolve(key);
      const info = await stat(target).catch(() => null);
      return info?.isFile() ? createReadStream(target, range) : null;
    },
    async stat(key) {
      const info = await stat(resolve(key)).catch(() => null);
      return info?.isFile() ? { size: info.size } : null;
    },
    async copy(from, to) {
      const source = resolve(from);
      const target = resolve(to);
      if (!(await stat(source).catch(() => null))?.isFile()) return false;
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(source, target);
      } catch (error) {
        unavailable(error);
      }
      return true;
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async *list(prefix = "") {
      // Walk from the deepest directory the prefix names, then keep the keys that start with it.
      const slash = prefix.lastIndexOf("/");
      const base = slash < 0 ? "" : prefix.slice(0, slash + 1);
      if (base && (!SAFE_KEY.test(base) || base.includes(".."))) throw new Error(`unsafe prefix: ${prefix}`);
      for await (const object of walk(path.join(root, base), base)) {
        if (object.key.startsWith(prefix)) yield object;
      }
    },
    async withLocalFile(key, use) {
      const target = resolve(key);
      const info = await stat(target).catch(() => null);
      return info?.isFile() ? use(target) : null;
    },
    describe: (key) => resolve(key),
    async ping() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
      } catch (error) {
        throw new StorageUnavailableError(`local storage ${root} is not writable`, { cause: error });
      }
    },
  };
}
