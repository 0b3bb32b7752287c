// Original file: depot/hooks/v1/hooks.proto


export interface Delivery {
  'id'?: (string);
  'endpoint_id'?: (number);
  'event'?: (string);
  'state'?: (string);
  'attempts'?: (number);
  'status'?: (number);
  'latency_ms'?: (number);
  'response'?: (string);
  'created_at'?: (string);
  'next_attempt_at'?: (string);
  'delivered_at'?: (string);
  '_next_attempt_at'?: "next_attempt_at";
  '_delivered_at'?: "delivered_at";
}

export interface Delivery__Output {
  'id': (string);
  'endpoint_id': (number);
  'event': (string);
  'state': (string);
  'attempts': (number);
  'status': (number);
  'latency_ms': (number);
  'response': (string);
  'created_at': (string);
  'next_attempt_at'?: (string);
  'delivered_at'?: (string);
  '_next_attempt_at'?: "next_attempt_at";
  '_delivered_at'?: "delivered_at";
}
