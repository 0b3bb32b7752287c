// Original file: depot/auth/v1/auth.proto


export interface ListKeysRequest {
}

export interface ListKeysRequest__Output {
}
