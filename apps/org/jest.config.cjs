module.exports = require('@uc/shared/jest-preset');
