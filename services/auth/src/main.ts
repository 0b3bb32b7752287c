import { runMain } from '@depot/common';
import { startAuth } from './app';
import { loadAuthConfig } from './config';

runMain('auth', () => startAuth(loadAuthConfig()));
