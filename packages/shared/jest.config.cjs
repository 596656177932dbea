module.exports = require('./src/testing/jest-preset.cjs');
