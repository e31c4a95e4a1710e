import type { FolderListing } from "./index-store.js";

/**
 * Folder listings as one blob: path, fingerprint and entries of each folder, each followed by a NUL byte — the one
 * byte no path, entry name or fingerprint can hold.
 */
export function encodeFolderListings(listings: readonly FolderListing[]): Buffer {
  const parts: string[] = [];
  for (const { path, stat, entries } of listings) parts.push(path, stat, entries);
  return Buffer.from(parts.length === 0 ? "" : `${parts.join("\0")}\0`, "utf8");
}

/**
 * The listings {@link encodeFolderListings} wrote, by path; none for no blob, and none for a blob it cannot have
 * written (the walk then lists every folder, as without them).
 */
export function decodeFolderListings(body: Uint8Array | undefined): Map<string, FolderListing> {
  const listings = new Map<string, FolderListing>();
  if (body === undefined || body.length === 0) return listings;
  const parts = Buffer.from(body.buffer, body.byteOffset, body.length).toString("utf8").split("\0");
  // A whole blob ends with a NUL, so the split ends with an empty string after whole triples.
  if (parts.length % 3 !== 1 || parts[parts.length - 1] !== "") return listings;
  for (let i = 0; i + 2 < parts.length; i += 3) listings.set(parts[i], { path: parts[i], stat: parts[i + 1], entries: parts[i + 2] });
  return listings;
}
