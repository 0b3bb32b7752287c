module.exports = require('../../jest.base.js')(__dirname, { testTimeout: 30000 });
