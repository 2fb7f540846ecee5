#!/usr/bin/env bash
# The Swagger UI files served at /docs are vendored in internal/contract/swaggerui/ from
# the swagger-ui-dist package pinned in scripts/node/package.json. This fails when the
# committed copies differ from that package (a hand edit, or a version bump without
# `make docs-assets`); with --update it copies them afresh instead (`make docs-assets`).
# Needs the node packages installed (`npm ci --prefix scripts/node`; the Makefile does it).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Only what the page loads, plus the licences that must travel with it.
FILES=(swagger-ui-bundle.js swagger-ui.css LICENSE NOTICE swagger-ui-bundle.js.LICENSE.txt)
PKG=scripts/node/node_modules/swagger-ui-dist
DEST=internal/contract/swaggerui

pinned="$(node -p 'const p = require("./scripts/node/package.json");
  ({...p.devDependencies, ...p.dependencies})["swagger-ui-dist"]')"
installed="$(node -p "require('./$PKG/package.json').version" 2>/dev/null || echo none)"
if [ "$installed" != "$pinned" ]; then
  echo "check-docs-assets: swagger-ui-dist $installed is installed, $pinned is pinned: run 'npm ci --prefix scripts/node'" >&2
  exit 1
fi

if [ "${1:-}" = "--update" ]; then
  rm -rf "$DEST"
  mkdir -p "$DEST"
  for f in "${FILES[@]}"; do cp "$PKG/$f" "$DEST/$f"; done
  echo "docs-assets: copied swagger-ui-dist $pinned into $DEST" >&2
  exit 0
fi

status=0
for f in "${FILES[@]}"; do
  if ! cmp -s "$PKG/$f" "$DEST/$f"; then
    echo "check-docs-assets: $DEST/$f differs from swagger-ui-dist $pinned (or is missing)" >&2
    status=1
  fi
done
for path in "$DEST"/*; do
  name="$(basename "$path")"
  if [[ ! " ${FILES[*]} " == *" $name "* ]]; then
    echo "check-docs-assets: $DEST/$name is not a swagger-ui-dist file this check knows" >&2
    status=1
  fi
done
if [ "$status" -ne 0 ]; then
  echo "check-docs-assets: run 'make docs-assets' and commit the result" >&2
  exit 1
fi
echo "check-docs-assets: $DEST matches swagger-ui-dist $pinned" >&2
