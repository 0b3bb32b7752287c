// Original file: depot/hooks/v1/hooks.proto


export interface Empty {
}

export interface Empty__Output {
}
