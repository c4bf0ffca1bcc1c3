import path from "node:path";
import type { Config } from "../config";
import { createLocalStorage } from "./local-storage";
import type { Storage } from "./storage";

export type { Storage } from "./storage";

/** The configured storage: the S3 bucket when S3_BUCKET is set, else DATA_DIR/files. */
export async function createStorageFromConfig(config: Config): Promise<Storage> {
  if (!config.S3_BUCKET) return createLocalStorage(path.join(config.dataDir, "files"));
  // The AWS SDK is loaded only when a bucket is configured.
  const { createS3Storage } = await import("./s3-storage");
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE === "on",
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
}
