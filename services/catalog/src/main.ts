import { runMain } from '@depot/common/process';
import { startCatalog } from './app';
import { loadCatalogConfig } from './config';

runMain('catalog', () => startCatalog(loadCatalogConfig()));
