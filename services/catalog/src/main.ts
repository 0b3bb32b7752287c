import { runMain } from '@depot/common';
import { startCatalog } from './app';
import { loadCatalogConfig } from './config';

runMain('catalog', () => startCatalog(loadCatalogConfig()));
