// Original file: depot/auth/v1/auth.proto


export interface ListUsersRequest {
}

export interface ListUsersRequest__Output {
}
