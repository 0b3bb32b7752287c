import { runMain } from '@depot/common/process';
import { startBuilds } from './app';
import { loadBuildsConfig } from './config';

runMain('builds', () => startBuilds(loadBuildsConfig()));
