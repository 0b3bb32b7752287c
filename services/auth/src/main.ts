import { runMain } from '@depot/common/process';
import { startAuth } from './app';
import { loadAuthConfig } from './config';

runMain('auth', () => startAuth(loadAuthConfig()));
