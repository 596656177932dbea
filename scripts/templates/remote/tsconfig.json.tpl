{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": { "types": ["node", "jest"] },
  "include": ["src"]
}
