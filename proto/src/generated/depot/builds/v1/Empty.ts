// Original file: depot/builds/v1/builds.proto


export interface Empty {
}

export interface Empty__Output {
}
