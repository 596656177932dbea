#!/bin/sh
# Fetches, installs and builds the peer of the first-visit and bundle-size benches: Ant Design Pro v6.0.3,
# outside the repository (ADPRO_DIR, default /work/peer/ant-design-pro). Its code is not changed.
#
#   pnpm --filter @uc/bench peer:adpro
#
# ADPRO_GIT: where to clone from (default: the local mirror if present, else GitHub).
# The one fix, in the install only: package-lock.json pins @ant-design/cli 6.6.0, a devDependency (a CLI the build
# does not use) whose 6.6.0 tarball is no longer on the npm registry (404; 6.6.2-6.6.5 are). Its lock entry is
# dropped so npm resolves package.json's own range (^6.6.0 -> 6.6.5); every other locked version stays as it is.
set -eu
ADPRO_DIR="${ADPRO_DIR:-/work/peer/ant-design-pro}"
TAG=v6.0.3
MIRROR=/work/.mirror/ant-design+ant-design-pro/repo
if [ -z "${ADPRO_GIT:-}" ]; then
  if [ -d "$MIRROR" ]; then ADPRO_GIT="$MIRROR"; else ADPRO_GIT=https://github.com/ant-design/ant-design-pro.git; fi
fi
if [ ! -d "$ADPRO_DIR/.git" ]; then
  mkdir -p "$(dirname "$ADPRO_DIR")"
  git clone "$ADPRO_GIT" "$ADPRO_DIR"
fi
cd "$ADPRO_DIR"
git checkout --quiet --detach "$TAG"
node -e '
const fs = require("fs");
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
let dropped = 0;
for (const k of Object.keys(lock.packages)) {
  if ((k === "node_modules/@ant-design/cli" || k.startsWith("node_modules/@ant-design/cli/")) && lock.packages[k].version === "6.6.0") { delete lock.packages[k]; dropped++; }
}
if (dropped) { fs.writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n"); console.log("package-lock.json: dropped the unpublished @ant-design/cli 6.6.0"); }
'
# prepare runs `npx husky && max setup`; if it fails, run: npm install --ignore-scripts && npx max setup
npm install --no-audit --no-fund
npm run build
echo "built: $ADPRO_DIR/dist"
