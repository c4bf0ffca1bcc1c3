import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import type { Storage } from "../../storage/storage";
import { AppError } from "../../http/app-error";
import { memberRepo } from "../member/member.repo";
import { loadSharp } from "../../media/clean-image";

const ACCEPTED = new Set(["jpeg", "png", "webp"]);
export const PORTRAIT_SIZE = 256;

/** Avatars: checked by their bytes, re-encoded square as WebP without metadata. */
export function createPortraitService(deps: { db: Db; storage: Storage }) {
  return {
    async replace(userId: string, bytes: Buffer): Promise<string> {
      const sharp = await loadSharp();
      const format = await sharp(bytes)
        .metadata()
        .then((meta) => meta.format)
        .catch(() => undefined);
      if (!format || !ACCEPTED.has(format)) throw new AppError("IMAGE_INVALID");
      const encoded = await sharp(bytes, { limitInputPixels: 50_000_000 })
        .rotate()
        .resize(PORTRAIT_SIZE, PORTRAIT_SIZE, { fit: "cover", position: "attention" })
        .webp({ quality: 85 })
        .toBuffer()
        .catch(() => {
          throw new AppError("IMAGE_INVALID");
        });
      const key = `portraits/${userId}/${randomBytes(8).toString("hex")}.webp`;
      await deps.storage.put(key, encoded, { contentType: "image/webp" });
      const user = await memberRepo.findUserById(deps.db, userId);
      await memberRepo.updateUser(deps.db, userId, { iconKey: key });
      if (user?.iconKey) await deps.storage.delete(user.iconKey);
      return key;
    },
  };
}
