# pnpm's settings for this addon (one package, not a workspace).
# Native builds it trusts: swc's binary loader (jest) and the file watcher of rspack's dev server.
allowBuilds:
  '@swc/core': true
  '@parcel/watcher': true
