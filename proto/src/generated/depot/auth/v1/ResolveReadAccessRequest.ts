// Original file: depot/auth/v1/auth.proto


export interface ResolveReadAccessRequest {
  'key'?: (string);
  'cid'?: (string);
  'token'?: (string);
  'session'?: (string);
  '_key'?: "key";
  '_cid'?: "cid";
  '_token'?: "token";
  '_session'?: "session";
}

export interface ResolveReadAccessRequest__Output {
  'key'?: (string);
  'cid'?: (string);
  'token'?: (string);
  'session'?: (string);
  '_key'?: "key";
  '_cid'?: "cid";
  '_token'?: "token";
  '_session'?: "session";
}
