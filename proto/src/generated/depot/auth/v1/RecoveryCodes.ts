// Original file: depot/auth/v1/auth.proto


export interface RecoveryCodes {
  'codes'?: (string)[];
}

export interface RecoveryCodes__Output {
  'codes': (string)[];
}
