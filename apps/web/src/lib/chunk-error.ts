/**
 * A screen's code that could not be loaded: after a deploy the old chunk names are gone (404), or
 * the server was out of reach when the chunk was asked for. Each browser words it differently;
 * Vite's preload helper throws the CSS case itself.
 */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk .* failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return CHUNK_FAILURE.test(`${error.name}: ${error.message}`);
}
