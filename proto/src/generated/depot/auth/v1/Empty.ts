// Original file: depot/auth/v1/auth.proto


export interface Empty {
}

export interface Empty__Output {
}
