// Original file: depot/auth/v1/auth.proto


export interface ResolveReadAccessRequest {
  'key'?: (string);
  'cid'?: (string);
  'token'?: (string);
  '_key'?: "key";
  '_cid'?: "cid";
  '_token'?: "token";
}

export interface ResolveReadAccessRequest__Output {
  'key'?: (string);
  'cid'?: (string);
  'token'?: (string);
  '_key'?: "key";
  '_cid'?: "cid";
  '_token'?: "token";
}
