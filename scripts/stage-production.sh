#!/usr/bin/env bash
# `bash scripts/stage-production.sh <terminal|cloud|relay> <dest>`: lays out one production server
# in <dest> from the build (`npm run build` first): what its Dockerfile copies into its image and
# what the systemd units run, proved by scripts/smoke-production.ts, which starts each server
# from such a directory.
#   - the manifests of every workspace and the lockfile (npm ci checks the lockfile against all
#     of them), then `npm ci --omit=dev --workspace @fiscal-pos/<part>`: only the part's own
#     production dependencies (the relay: no sim-kit, no SQLite, no fastify);
#   - the built part and each workspace package that install linked, without sources or tests
#     but with the files they read at run time (migrations, the MEV contract).
# Started with `node --conditions=production apps/<part>/dist/main.js` from <dest>.
set -euo pipefail
part=${1:?usage: stage-production.sh <terminal|cloud|relay> <dest>}
dest=${2:?usage: stage-production.sh <terminal|cloud|relay> <dest>}
root=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -f "$root/apps/$part/dist/main.js" ]; then
  echo "stage-production: apps/$part/dist/main.js is missing: run npm run build first" >&2
  exit 1
fi

mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
cd "$root"
cp package.json package-lock.json "$dest/"
for manifest in apps/*/package.json packages/*/package.json; do
  mkdir -p "$dest/$(dirname "$manifest")"
  cp "$manifest" "$dest/$manifest"
done

cd "$dest"
npm ci --omit=dev --workspace "@fiscal-pos/$part" --no-audit --no-fund --loglevel=error
for linked in node_modules/@fiscal-pos/*; do
  workspace=$(readlink -f "$linked")
  workspace=${workspace#"$dest/"}
  tar -C "$root/$workspace" -cf - \
    --exclude=./src --exclude=./test --exclude=./bench --exclude=./scripts \
    --exclude=./node_modules --exclude='./tsconfig*.json' --exclude='*.tsbuildinfo' . |
    tar -C "$dest/$workspace" -xf -
done
