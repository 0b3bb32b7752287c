import { runMain } from '@depot/common';
import { startBuilds } from './app';
import { loadBuildsConfig } from './config';

runMain('builds', () => startBuilds(loadBuildsConfig()));
