import path from "node:path/posix";
import { attr, findAll, parseXml } from "./xml";
import type { SafeZip } from "./zip";

/** A relationship of an Office package part: its type and its target's path in the package. */
export interface PartRelationship {
  type: string;
  target: string;
  /** `TargetMode="External"`: an address outside the package, never read. */
  external: boolean;
}

/** A part's relationships (`dir/_rels/name.rels`) by id, targets resolved against the part's folder. */
export async function partRelationships(
  zip: SafeZip,
  partPath: string,
): Promise<Map<string, PartRelationship>> {
  const relsPath = path.join(path.dirname(partPath), "_rels", path.basename(partPath) + ".rels");
  const xml = await zip.readText(relsPath);
  const map = new Map<string, PartRelationship>();
  if (!xml) return map;
  for (const root of parseXml(xml)) {
    for (const r of findAll(root, "Relationship")) {
      const id = attr(r, "Id");
      const target = attr(r, "Target");
      if (!id || !target) continue;
      const resolved = target.startsWith("/")
        ? target.slice(1)
        : path.normalize(path.join(path.dirname(partPath), target));
      map.set(id, {
        type: attr(r, "Type") ?? "",
        target: resolved,
        external: attr(r, "TargetMode") === "External",
      });
    }
  }
  return map;
}
