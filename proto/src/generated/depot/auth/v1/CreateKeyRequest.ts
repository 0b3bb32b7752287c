// Original file: depot/auth/v1/auth.proto


export interface CreateKeyRequest {
  'name'?: (string);
  'api_key'?: (string);
  '_api_key'?: "api_key";
}

export interface CreateKeyRequest__Output {
  'name': (string);
  'api_key'?: (string);
  '_api_key'?: "api_key";
}
