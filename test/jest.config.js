// End-to-end tests start whole stacks: give them time, and run files one at a time on 2 cores.
module.exports = require('../jest.base.js')(__dirname, {
  testTimeout: 120000,
  maxWorkers: 1,
  testPathIgnorePatterns: ['/node_modules/', '/bench/'],
});
