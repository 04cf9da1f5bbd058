#!/usr/bin/env bash
# `bash scripts/test-runtime.sh <node version>`: the runtime-facing suites on that Node, from the
# npm registry's official build (scripts/with-node.mjs fetches it once; nothing is rebuilt:
# better-sqlite3 13 is a Node-API addon, one prebuilt binary for every Node from 22 on).
# .ci/run runs them on Node 22, Node 24 (at or past 24.19, where better-sqlite3 12 aborted) and
# Node 26, beside the full suite on the machine's Node (or on Node 24 where that is older than 22).
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:?usage: scripts/test-runtime.sh <node version, e.g. 26.10.0>}
export FISCAL_POS_NODE=$version
echo "[runtime] testing on Node $(node scripts/with-node.mjs node --version)"

# What can differ on another Node is the runtime under our code: the native SQLite addon, TLS and
# HTTP, child processes and signals, worker threads, PGlite's WebAssembly. These suites exercise
# each of them for real (printing: raw TCP to printer-sim; document-push: a PGlite cloud over
# HTTP; the relay's link: HTTP/2 over a stream of its own, link-stream.ts, which depends on how
# Node's HTTP/2 drives a stream that is not a socket); the whole suite already ran once, and running it
# again on each Node would take CI past 20 minutes. The cloud runs on PGlite here (its PostgreSQL
# pass tests the server, not Node). Left out as well: the OpenAPI documents' lint (it reads files
# that no Node changes) and the history's maintained-counts property test (29 s of a pass's ~130:
# SQL triggers against recounts, run by the same SQLite in the same Node-API binary on every Node).
env -u TEST_DATABASE_URL node scripts/with-node.mjs vitest run \
  --exclude packages/api-reference/test/openapi-lint.test.ts \
  --exclude apps/terminal/test/history/maintained-counts.test.ts \
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
  apps/cloud/test/crash.test.ts \
  apps/relay/test/relay.test.ts \
  apps/relay/test/relay-link-protocol.test.ts \
  apps/relay/test/lan-relay-fidelity.test.ts \
  apps/relay/test/terminal-link-close.test.ts
