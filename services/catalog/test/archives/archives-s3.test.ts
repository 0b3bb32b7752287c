// Hosted archives through gRPC with the S3 store (s3rver).
import { archiveServiceSuite } from './service-suite';

describe('hosted archives, s3 store', () => archiveServiceSuite('s3'));
