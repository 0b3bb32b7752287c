// Original file: depot/catalog/v1/catalog.proto


export interface GetJarRequest {
  'sha256'?: (string);
}

export interface GetJarRequest__Output {
  'sha256': (string);
}
