// Original file: depot/auth/v1/auth.proto


export interface ListClientsRequest {
}

export interface ListClientsRequest__Output {
}
