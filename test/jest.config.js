// End-to-end tests start whole stacks: give them time. Two files at a time on 2 cores: a file
// spends most of its time waiting on its stack's processes, which leaves a core idle with one
// worker (measured: the workspace took about 50 min one file at a time, 25 min two at a time).
module.exports = require('../jest.base.js')(__dirname, {
  testTimeout: 120000,
  maxWorkers: 2,
  testPathIgnorePatterns: ['/node_modules/', '/bench/'],
});
