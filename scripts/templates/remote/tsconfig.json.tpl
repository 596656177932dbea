{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "types": ["node", "jest"] },
  "include": ["src"],
  "references": [
    { "path": "../../packages/contracts" },
    { "path": "../../packages/client" },
    { "path": "../../packages/testing" },
    { "path": "../../packages/ui" }
  ]
}
