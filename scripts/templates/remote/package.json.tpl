{
  "name": "@uc/__NAME__",
  "version": "0.1.0",
  "private": true,
  "type": "module",
  "scripts": {
    "build": "rspack build --mode production",
    "dev": "rspack serve --mode development",
    "typecheck": "tsc -b",
    "test": "jest --passWithNoTests=false"
  },
  "dependencies": {
    "@uc/client": "workspace:*",
    "@uc/contracts": "workspace:*",
    "@uc/ui": "workspace:*",
    "react": "catalog:",
    "react-dom": "catalog:",
    "react-router-dom": "catalog:",
    "antd": "catalog:",
    "@ant-design/cssinjs": "catalog:",
    "@ant-design/icons": "catalog:",
    "zustand": "catalog:",
    "@module-federation/enhanced": "catalog:",
    "@module-federation/retry-plugin": "catalog:"
  },
  "devDependencies": {
    "@uc/addon-kit": "workspace:*",
    "@uc/testing": "workspace:*",
    "@rspack/core": "catalog:",
    "@rspack/cli": "catalog:",
    "@rspack/dev-server": "catalog:",
    "typescript": "catalog:",
    "@types/react": "catalog:",
    "@types/react-dom": "catalog:",
    "@types/node": "catalog:",
    "@types/jest": "catalog:",
    "jest": "catalog:",
    "@swc/jest": "catalog:",
    "@swc/core": "catalog:",
    "jest-environment-jsdom": "catalog:",
    "@testing-library/react": "catalog:",
    "@testing-library/dom": "catalog:",
    "@testing-library/jest-dom": "catalog:"
  },
  "ucRemote": {
    "devPort": __PORT__,
    "title": {
      "zh-CN": "__TITLE_ZH__",
      "en-US": "__TITLE_EN__"
    },
    "icon": "AppstoreOutlined",
    "pages": [
      {
        "path": "/__NAME__/hello",
        "title": {
          "zh-CN": "你好",
          "en-US": "Hello"
        },
        "icon": "SmileOutlined"
      },
      {
        "path": "/__NAME__/users",
        "title": {
          "zh-CN": "用户",
          "en-US": "Users"
        },
        "icon": "TeamOutlined"
      }
    ]
  }
}
