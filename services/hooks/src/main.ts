import { runMain } from '@depot/common/process';
import { startHooks } from './app';
import { loadHooksConfig } from './config';

runMain('hooks', () => startHooks(loadHooksConfig()));
