// Original file: depot/auth/v1/auth.proto


export interface TwoFactorStatus {
  'available'?: (boolean);
  'enabled'?: (boolean);
  'pending'?: (boolean);
  'confirmed_at'?: (string);
  'recovery_codes_left'?: (number);
  '_confirmed_at'?: "confirmed_at";
}

export interface TwoFactorStatus__Output {
  'available': (boolean);
  'enabled': (boolean);
  'pending': (boolean);
  'confirmed_at'?: (string);
  'recovery_codes_left': (number);
  '_confirmed_at'?: "confirmed_at";
}
