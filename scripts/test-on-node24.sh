#!/usr/bin/env bash
# The runtime-facing suites on Node 24 LTS, from the npm registry's `node` package (the machines have Node 20).
# better-sqlite3 is compiled for one Node ABI, so it is rebuilt against Node 24's headers (the
# package ships them, so nothing is downloaded from elsewhere) and the binary it had before is put
# back afterwards, even on failure: the checkout stays usable with the machine's node.
set -euo pipefail
cd "$(dirname "$0")/.."

# Node 24.18, not the newest 24: an addon built against 24.19+ headers that uses Node's own
# ObjectWrap, as better-sqlite3 12 does, aborts when a statement is garbage collected
# (`RemoveEnvironmentCleanupHook: Assertion failed: (env) != nullptr`, nodejs/node#65446).
# better-sqlite3 13 avoids it but requires Node 22, and Node 20 stays supported.
NODE24=node@24.18.1

scratch=$(mktemp -d)
addon=node_modules/better-sqlite3/build/Release/better_sqlite3.node
cp "$addon" "$scratch/better_sqlite3.node.before"
restore() {
  cp "$scratch/better_sqlite3.node.before" "$addon"
  rm -rf "$scratch"
}
trap restore EXIT

npm install --prefix "$scratch/node24" --no-save --no-package-lock --no-audit --no-fund "$NODE24"
headers=$(find "$scratch/node24" -path '*/include/node/node_version.h' -print -quit)
node24_home=$(dirname "$(dirname "$(dirname "$headers")")")
export PATH="$node24_home/bin:$PATH"
echo "[node24] testing on Node $(node --version)"

# build_from_source: skip prebuild-install's download attempt, which cannot succeed here.
npm_config_nodedir="$node24_home" npm_config_build_from_source=true npm rebuild better-sqlite3
# What can differ on another Node is the runtime under our code: the native SQLite addon, TLS and
# HTTP, child processes and signals, worker threads, PGlite's WebAssembly. These suites exercise
# each of them for real (printing: raw TCP to printer-sim; document-push: a PGlite cloud over HTTP); the whole suite already ran on Node 20, and running it twice took CI past
# 20 minutes. The cloud runs on PGlite here (its PostgreSQL pass tests the server, not Node).
env -u TEST_DATABASE_URL npx vitest run \
  packages \
  apps/terminal/test/api \
  apps/terminal/test/mev \
  apps/terminal/test/history \
  apps/terminal/test/card \
  apps/terminal/test/receipt-delivery \
  apps/terminal/test/printing \
  apps/terminal/test/document-push \
  apps/terminal/test/e2e/crash.test.ts \
  apps/terminal/test/e2e/readme-examples.test.ts \
  apps/mev-sim apps/card-sim apps/printer-sim \
  apps/cloud/test/catalog-and-orders.test.ts \
  apps/cloud/test/webhooks.test.ts \
  apps/cloud/test/crash.test.ts
