#!/bin/sh
# Regenerates the committed templates and sample sheet from src/sheet/map/template-spec.ts.
# Run from the repository root: sh templates/generate.sh
set -e
cd "$(dirname "$0")/.."
./bin/catalog-sync.js template --out templates
