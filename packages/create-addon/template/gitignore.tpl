node_modules/
dist/
# Written by the build from package.json ("ucAddon").
uc-addon.json
*.tgz
