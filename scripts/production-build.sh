#!/bin/sh
# The production build, one set of steps for the Dockerfiles and for the test that starts its result
# (e2e/tests/production-build.test.ts): a clean install, the build of the named apps and of what
# they need, then the development dependencies removed. Run in the repository root.
#   scripts/production-build.sh install          npm ci (from package.json and package-lock.json only)
#   scripts/production-build.sh build APP...     APP: api, gateway or web
#   scripts/production-build.sh prune            npm prune --omit=dev
#   scripts/production-build.sh all APP...       the three in order
# Then each app starts with `node apps/<app>/dist/server.js`, and the web app's apps/web/dist is
# served by nginx with apps/web/nginx.conf.
set -eu

install() {
  npm ci --no-audit --no-fund
}

# Each app's workspaces in build order. Both apps run @survey/runtime (logger, shutdown, tracing);
# the gateway's server-made package PDF and the web's package draw @survey/report-slides.
# The gateway imports only types from @survey/api, which exist once the API's declarations are
# built; nothing of the API is loaded at run time.
workspaces_of() {
  case "$1" in
    api) echo @survey/runtime @survey/api ;;
    gateway) echo @survey/schema @survey/runtime @survey/api @survey/report-slides @survey/gateway ;;
    web) echo @survey/report-slides @survey/web ;;
    *)
      echo "production-build: unknown app '$1' (api, gateway or web)" >&2
      exit 2
      ;;
  esac
}

build() {
  [ "$#" -gt 0 ] || { echo "production-build: name the apps to build (api gateway web)" >&2; exit 2; }
  built=' '
  for app in "$@"; do
    for workspace in $(workspaces_of "$app"); do
      case "$built" in *" $workspace "*) continue ;; esac
      npm run build --silent -w "$workspace"
      built="$built$workspace "
    done
  done
}

prune() {
  npm prune --omit=dev --no-audit --no-fund
}

command=${1:-}
[ "$#" -gt 0 ] && shift
case "$command" in
  install) install ;;
  build) build "$@" ;;
  prune) prune ;;
  all) install && build "$@" && prune ;;
  *)
    echo "usage: scripts/production-build.sh install | build APP... | prune | all APP..." >&2
    exit 2
    ;;
esac
