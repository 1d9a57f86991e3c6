#!/bin/sh
# Trims a `pnpm deploy --prod` output (the images' build stage) to what dist/server.js loads at run time.
#   sh deploy/prune-deploy.sh /out
set -eu
out=$1
[ -d "$out/node_modules/.pnpm" ] || { echo "prune-deploy: $out/node_modules/.pnpm not found" >&2; exit 1; }
# @trpc/server declares typescript as a peer and pnpm installs peers, so a production deploy carries the
# type checker (about 30 MB) and type packages that nothing imports at run time.
rm -rf "$out"/node_modules/.pnpm/typescript@* "$out"/node_modules/.pnpm/@typescript+* \
  "$out"/node_modules/.pnpm/@types+* "$out"/node_modules/.pnpm/undici-types@*
# The workspace packages (TypeScript sources): dist/server.js has them bundled in (scripts/build-server.mjs).
rm -rf "$out"/node_modules/@waybill "$out"/node_modules/.pnpm/@waybill+*
# Type declarations, source maps, docs and the app's own tests: never loaded by node.
find "$out" -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' \
  -o -name '*.md' -o -name '*.markdown' -o -name '*.test.ts' -o -name '*.tsbuildinfo' \) -delete
# classic-level (the gateway's DATA_DIR store) ships LevelDB's C++ sources and a binary for every
# platform; an image loads only its Linux one (prebuilds/linux-<arch>).
for pkg in "$out"/node_modules/.pnpm/classic-level@*/node_modules/classic-level; do
  rm -rf "$pkg/deps" "$pkg/binding.cc" "$pkg"/prebuilds/android-* "$pkg"/prebuilds/darwin-* "$pkg"/prebuilds/win32-*
done
# Links left pointing at removed packages.
find "$out/node_modules" -xtype l -delete
