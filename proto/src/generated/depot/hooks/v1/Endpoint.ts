// Original file: depot/hooks/v1/hooks.proto


export interface Endpoint {
  'id'?: (number);
  'modpack_id'?: (number);
  'url'?: (string);
  'events'?: (string)[];
  'format'?: (string);
  'description'?: (string);
  'enabled'?: (boolean);
  'disabled_reason'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
  'secret'?: (string);
  '_secret'?: "secret";
}

export interface Endpoint__Output {
  'id': (number);
  'modpack_id': (number);
  'url': (string);
  'events': (string)[];
  'format': (string);
  'description': (string);
  'enabled': (boolean);
  'disabled_reason': (string);
  'created_at': (string);
  'updated_at': (string);
  'secret'?: (string);
  '_secret'?: "secret";
}
