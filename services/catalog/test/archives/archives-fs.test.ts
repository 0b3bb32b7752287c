// Hosted archives through gRPC with the filesystem store.
import { archiveServiceSuite } from './service-suite';

describe('hosted archives, fs store', () => archiveServiceSuite('fs'));
