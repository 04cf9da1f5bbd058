#!/usr/bin/env bash
# The deployment files, checked as far as can be without a container engine (run by .ci/run):
#   - Dockerfile linted by dockerfile-utils (the linter of the Dockerfile language server; hadolint
#     is neither on npm nor in Debian 12), any finding an error;
#   - the systemd units verified by `systemd-analyze verify` (Debian's systemd package, installed
#     when missing), any complaint an error (it exits 0 on a setting it ignores);
#   - every image, unit and the compose file run each server the way scripts/smoke-production.ts
#     proves: laid out by scripts/stage-production.sh, started with
#     `node --conditions=production apps/<server>/dist/main.js`.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "check-deploy: $*" >&2
  exit 1
}

lint=$(npx dockerfile-utils lint Dockerfile)
[ -z "$lint" ] || fail "dockerfile-utils lint Dockerfile:"$'\n'"$lint"

if ! command -v systemd-analyze > /dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends systemd > /dev/null
fi
verified=$(systemd-analyze verify deploy/systemd/*.service 2>&1)
[ -z "$verified" ] || fail "systemd-analyze verify:"$'\n'"$verified"

grep -qF "'--conditions=production'" scripts/smoke-production.ts &&
  grep -qF 'apps/${part}/dist/main.js' scripts/smoke-production.ts &&
  grep -qF 'scripts/stage-production.sh' scripts/smoke-production.ts ||
  fail "scripts/smoke-production.ts no longer starts the staged servers as the files below do"
for part in terminal cloud relay; do
  grep -qxF "RUN bash scripts/stage-production.sh $part /stage" Dockerfile ||
    fail "Dockerfile: the $part image is not laid out by scripts/stage-production.sh"
  grep -qxF "CMD [\"node\", \"--conditions=production\", \"apps/$part/dist/main.js\"]" Dockerfile ||
    fail "Dockerfile: the $part image does not start as smoke-production does"
  grep -qxF "ExecStart=node --conditions=production apps/$part/dist/main.js" "deploy/systemd/fiscal-pos-$part.service" ||
    fail "deploy/systemd/fiscal-pos-$part.service does not start as smoke-production does"
done
for target in cloud relay; do
  grep -qF "build: { context: .., target: $target }" deploy/compose.yaml ||
    fail "deploy/compose.yaml does not build the $target from the Dockerfile"
done
echo "check-deploy: Dockerfile linted, systemd units verified, every start is the one smoke-production proves"
