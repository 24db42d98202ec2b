/**
 * A 32-bit hash of a string: FNV-1a over its UTF-16 code units, then
 * murmur3's finaliser so every output bit depends on every input bit. Stable
 * across machines and releases: embedders derive vector positions and model
 * names from it.
 *
 * @returns an unsigned 32-bit integer; never throws.
 */
export function featureHash(feature: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < feature.length; index += 1) {
    value ^= feature.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  value ^= value >>> 16;
  value = Math.imul(value, 0x85ebca6b);
  value ^= value >>> 13;
  value = Math.imul(value, 0xc2b2ae35);
  value ^= value >>> 16;
  return value >>> 0;
}
