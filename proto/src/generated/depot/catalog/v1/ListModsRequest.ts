// Original file: depot/catalog/v1/catalog.proto


export interface ListModsRequest {
}

export interface ListModsRequest__Output {
}
