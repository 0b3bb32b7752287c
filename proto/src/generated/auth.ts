import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AuthServiceClient as _depot_auth_v1_AuthServiceClient, AuthServiceDefinition as _depot_auth_v1_AuthServiceDefinition } from './depot/auth/v1/AuthService';
import type { AuthenticateRequest as _depot_auth_v1_AuthenticateRequest, AuthenticateRequest__Output as _depot_auth_v1_AuthenticateRequest__Output } from './depot/auth/v1/AuthenticateRequest';
import type { Client as _depot_auth_v1_Client, Client__Output as _depot_auth_v1_Client__Output } from './depot/auth/v1/Client';
import type { CompleteSignInRequest as _depot_auth_v1_CompleteSignInRequest, CompleteSignInRequest__Output as _depot_auth_v1_CompleteSignInRequest__Output } from './depot/auth/v1/CompleteSignInRequest';
import type { ConfirmTwoFactorRequest as _depot_auth_v1_ConfirmTwoFactorRequest, ConfirmTwoFactorRequest__Output as _depot_auth_v1_ConfirmTwoFactorRequest__Output } from './depot/auth/v1/ConfirmTwoFactorRequest';
import type { CreateClientRequest as _depot_auth_v1_CreateClientRequest, CreateClientRequest__Output as _depot_auth_v1_CreateClientRequest__Output } from './depot/auth/v1/CreateClientRequest';
import type { CreateKeyRequest as _depot_auth_v1_CreateKeyRequest, CreateKeyRequest__Output as _depot_auth_v1_CreateKeyRequest__Output } from './depot/auth/v1/CreateKeyRequest';
import type { CreateSessionRequest as _depot_auth_v1_CreateSessionRequest, CreateSessionRequest__Output as _depot_auth_v1_CreateSessionRequest__Output } from './depot/auth/v1/CreateSessionRequest';
import type { CreateTokenRequest as _depot_auth_v1_CreateTokenRequest, CreateTokenRequest__Output as _depot_auth_v1_CreateTokenRequest__Output } from './depot/auth/v1/CreateTokenRequest';
import type { CreateUserRequest as _depot_auth_v1_CreateUserRequest, CreateUserRequest__Output as _depot_auth_v1_CreateUserRequest__Output } from './depot/auth/v1/CreateUserRequest';
import type { DeleteClientRequest as _depot_auth_v1_DeleteClientRequest, DeleteClientRequest__Output as _depot_auth_v1_DeleteClientRequest__Output } from './depot/auth/v1/DeleteClientRequest';
import type { DeleteKeyRequest as _depot_auth_v1_DeleteKeyRequest, DeleteKeyRequest__Output as _depot_auth_v1_DeleteKeyRequest__Output } from './depot/auth/v1/DeleteKeyRequest';
import type { DeleteUserRequest as _depot_auth_v1_DeleteUserRequest, DeleteUserRequest__Output as _depot_auth_v1_DeleteUserRequest__Output } from './depot/auth/v1/DeleteUserRequest';
import type { Empty as _depot_auth_v1_Empty, Empty__Output as _depot_auth_v1_Empty__Output } from './depot/auth/v1/Empty';
import type { GetUserRequest as _depot_auth_v1_GetUserRequest, GetUserRequest__Output as _depot_auth_v1_GetUserRequest__Output } from './depot/auth/v1/GetUserRequest';
import type { GrantModpackAccessRequest as _depot_auth_v1_GrantModpackAccessRequest, GrantModpackAccessRequest__Output as _depot_auth_v1_GrantModpackAccessRequest__Output } from './depot/auth/v1/GrantModpackAccessRequest';
import type { IssuedKey as _depot_auth_v1_IssuedKey, IssuedKey__Output as _depot_auth_v1_IssuedKey__Output } from './depot/auth/v1/IssuedKey';
import type { IssuedToken as _depot_auth_v1_IssuedToken, IssuedToken__Output as _depot_auth_v1_IssuedToken__Output } from './depot/auth/v1/IssuedToken';
import type { Key as _depot_auth_v1_Key, Key__Output as _depot_auth_v1_Key__Output } from './depot/auth/v1/Key';
import type { ListClientsRequest as _depot_auth_v1_ListClientsRequest, ListClientsRequest__Output as _depot_auth_v1_ListClientsRequest__Output } from './depot/auth/v1/ListClientsRequest';
import type { ListClientsResponse as _depot_auth_v1_ListClientsResponse, ListClientsResponse__Output as _depot_auth_v1_ListClientsResponse__Output } from './depot/auth/v1/ListClientsResponse';
import type { ListKeysRequest as _depot_auth_v1_ListKeysRequest, ListKeysRequest__Output as _depot_auth_v1_ListKeysRequest__Output } from './depot/auth/v1/ListKeysRequest';
import type { ListKeysResponse as _depot_auth_v1_ListKeysResponse, ListKeysResponse__Output as _depot_auth_v1_ListKeysResponse__Output } from './depot/auth/v1/ListKeysResponse';
import type { ListTokensRequest as _depot_auth_v1_ListTokensRequest, ListTokensRequest__Output as _depot_auth_v1_ListTokensRequest__Output } from './depot/auth/v1/ListTokensRequest';
import type { ListTokensResponse as _depot_auth_v1_ListTokensResponse, ListTokensResponse__Output as _depot_auth_v1_ListTokensResponse__Output } from './depot/auth/v1/ListTokensResponse';
import type { ListUsersRequest as _depot_auth_v1_ListUsersRequest, ListUsersRequest__Output as _depot_auth_v1_ListUsersRequest__Output } from './depot/auth/v1/ListUsersRequest';
import type { ListUsersResponse as _depot_auth_v1_ListUsersResponse, ListUsersResponse__Output as _depot_auth_v1_ListUsersResponse__Output } from './depot/auth/v1/ListUsersResponse';
import type { LoginAccount as _depot_auth_v1_LoginAccount, LoginAccount__Output as _depot_auth_v1_LoginAccount__Output } from './depot/auth/v1/LoginAccount';
import type { Principal as _depot_auth_v1_Principal, Principal__Output as _depot_auth_v1_Principal__Output } from './depot/auth/v1/Principal';
import type { ReadAccess as _depot_auth_v1_ReadAccess, ReadAccess__Output as _depot_auth_v1_ReadAccess__Output } from './depot/auth/v1/ReadAccess';
import type { RecoveryCodes as _depot_auth_v1_RecoveryCodes, RecoveryCodes__Output as _depot_auth_v1_RecoveryCodes__Output } from './depot/auth/v1/RecoveryCodes';
import type { ResetTwoFactorRequest as _depot_auth_v1_ResetTwoFactorRequest, ResetTwoFactorRequest__Output as _depot_auth_v1_ResetTwoFactorRequest__Output } from './depot/auth/v1/ResetTwoFactorRequest';
import type { ResolveLoginRequest as _depot_auth_v1_ResolveLoginRequest, ResolveLoginRequest__Output as _depot_auth_v1_ResolveLoginRequest__Output } from './depot/auth/v1/ResolveLoginRequest';
import type { ResolveReadAccessRequest as _depot_auth_v1_ResolveReadAccessRequest, ResolveReadAccessRequest__Output as _depot_auth_v1_ResolveReadAccessRequest__Output } from './depot/auth/v1/ResolveReadAccessRequest';
import type { RevokeTokenRequest as _depot_auth_v1_RevokeTokenRequest, RevokeTokenRequest__Output as _depot_auth_v1_RevokeTokenRequest__Output } from './depot/auth/v1/RevokeTokenRequest';
import type { Session as _depot_auth_v1_Session, Session__Output as _depot_auth_v1_Session__Output } from './depot/auth/v1/Session';
import type { SessionTokenRequest as _depot_auth_v1_SessionTokenRequest, SessionTokenRequest__Output as _depot_auth_v1_SessionTokenRequest__Output } from './depot/auth/v1/SessionTokenRequest';
import type { SetPasswordRequest as _depot_auth_v1_SetPasswordRequest, SetPasswordRequest__Output as _depot_auth_v1_SetPasswordRequest__Output } from './depot/auth/v1/SetPasswordRequest';
import type { SetPasswordResponse as _depot_auth_v1_SetPasswordResponse, SetPasswordResponse__Output as _depot_auth_v1_SetPasswordResponse__Output } from './depot/auth/v1/SetPasswordResponse';
import type { SignInChallengeInfo as _depot_auth_v1_SignInChallengeInfo, SignInChallengeInfo__Output as _depot_auth_v1_SignInChallengeInfo__Output } from './depot/auth/v1/SignInChallengeInfo';
import type { StartTwoFactorRequest as _depot_auth_v1_StartTwoFactorRequest, StartTwoFactorRequest__Output as _depot_auth_v1_StartTwoFactorRequest__Output } from './depot/auth/v1/StartTwoFactorRequest';
import type { Token as _depot_auth_v1_Token, Token__Output as _depot_auth_v1_Token__Output } from './depot/auth/v1/Token';
import type { TwoFactorChallenge as _depot_auth_v1_TwoFactorChallenge, TwoFactorChallenge__Output as _depot_auth_v1_TwoFactorChallenge__Output } from './depot/auth/v1/TwoFactorChallenge';
import type { TwoFactorEnrolment as _depot_auth_v1_TwoFactorEnrolment, TwoFactorEnrolment__Output as _depot_auth_v1_TwoFactorEnrolment__Output } from './depot/auth/v1/TwoFactorEnrolment';
import type { TwoFactorProofRequest as _depot_auth_v1_TwoFactorProofRequest, TwoFactorProofRequest__Output as _depot_auth_v1_TwoFactorProofRequest__Output } from './depot/auth/v1/TwoFactorProofRequest';
import type { TwoFactorStatus as _depot_auth_v1_TwoFactorStatus, TwoFactorStatus__Output as _depot_auth_v1_TwoFactorStatus__Output } from './depot/auth/v1/TwoFactorStatus';
import type { UpdateAccountRequest as _depot_auth_v1_UpdateAccountRequest, UpdateAccountRequest__Output as _depot_auth_v1_UpdateAccountRequest__Output } from './depot/auth/v1/UpdateAccountRequest';
import type { UpdateClientRequest as _depot_auth_v1_UpdateClientRequest, UpdateClientRequest__Output as _depot_auth_v1_UpdateClientRequest__Output } from './depot/auth/v1/UpdateClientRequest';
import type { UpdateUserRequest as _depot_auth_v1_UpdateUserRequest, UpdateUserRequest__Output as _depot_auth_v1_UpdateUserRequest__Output } from './depot/auth/v1/UpdateUserRequest';
import type { User as _depot_auth_v1_User, User__Output as _depot_auth_v1_User__Output } from './depot/auth/v1/User';
import type { UserIdRequest as _depot_auth_v1_UserIdRequest, UserIdRequest__Output as _depot_auth_v1_UserIdRequest__Output } from './depot/auth/v1/UserIdRequest';
import type { VerifyKeyRequest as _depot_auth_v1_VerifyKeyRequest, VerifyKeyRequest__Output as _depot_auth_v1_VerifyKeyRequest__Output } from './depot/auth/v1/VerifyKeyRequest';
import type { VerifyKeyResponse as _depot_auth_v1_VerifyKeyResponse, VerifyKeyResponse__Output as _depot_auth_v1_VerifyKeyResponse__Output } from './depot/auth/v1/VerifyKeyResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  depot: {
    auth: {
      v1: {
        AuthService: SubtypeConstructor<typeof grpc.Client, _depot_auth_v1_AuthServiceClient> & { service: _depot_auth_v1_AuthServiceDefinition }
        AuthenticateRequest: MessageTypeDefinition<_depot_auth_v1_AuthenticateRequest, _depot_auth_v1_AuthenticateRequest__Output>
        Client: MessageTypeDefinition<_depot_auth_v1_Client, _depot_auth_v1_Client__Output>
        CompleteSignInRequest: MessageTypeDefinition<_depot_auth_v1_CompleteSignInRequest, _depot_auth_v1_CompleteSignInRequest__Output>
        ConfirmTwoFactorRequest: MessageTypeDefinition<_depot_auth_v1_ConfirmTwoFactorRequest, _depot_auth_v1_ConfirmTwoFactorRequest__Output>
        CreateClientRequest: MessageTypeDefinition<_depot_auth_v1_CreateClientRequest, _depot_auth_v1_CreateClientRequest__Output>
        CreateKeyRequest: MessageTypeDefinition<_depot_auth_v1_CreateKeyRequest, _depot_auth_v1_CreateKeyRequest__Output>
        CreateSessionRequest: MessageTypeDefinition<_depot_auth_v1_CreateSessionRequest, _depot_auth_v1_CreateSessionRequest__Output>
        CreateTokenRequest: MessageTypeDefinition<_depot_auth_v1_CreateTokenRequest, _depot_auth_v1_CreateTokenRequest__Output>
        CreateUserRequest: MessageTypeDefinition<_depot_auth_v1_CreateUserRequest, _depot_auth_v1_CreateUserRequest__Output>
        DeleteClientRequest: MessageTypeDefinition<_depot_auth_v1_DeleteClientRequest, _depot_auth_v1_DeleteClientRequest__Output>
        DeleteKeyRequest: MessageTypeDefinition<_depot_auth_v1_DeleteKeyRequest, _depot_auth_v1_DeleteKeyRequest__Output>
        DeleteUserRequest: MessageTypeDefinition<_depot_auth_v1_DeleteUserRequest, _depot_auth_v1_DeleteUserRequest__Output>
        Empty: MessageTypeDefinition<_depot_auth_v1_Empty, _depot_auth_v1_Empty__Output>
        GetUserRequest: MessageTypeDefinition<_depot_auth_v1_GetUserRequest, _depot_auth_v1_GetUserRequest__Output>
        GrantModpackAccessRequest: MessageTypeDefinition<_depot_auth_v1_GrantModpackAccessRequest, _depot_auth_v1_GrantModpackAccessRequest__Output>
        IssuedKey: MessageTypeDefinition<_depot_auth_v1_IssuedKey, _depot_auth_v1_IssuedKey__Output>
        IssuedToken: MessageTypeDefinition<_depot_auth_v1_IssuedToken, _depot_auth_v1_IssuedToken__Output>
        Key: MessageTypeDefinition<_depot_auth_v1_Key, _depot_auth_v1_Key__Output>
        ListClientsRequest: MessageTypeDefinition<_depot_auth_v1_ListClientsRequest, _depot_auth_v1_ListClientsRequest__Output>
        ListClientsResponse: MessageTypeDefinition<_depot_auth_v1_ListClientsResponse, _depot_auth_v1_ListClientsResponse__Output>
        ListKeysRequest: MessageTypeDefinition<_depot_auth_v1_ListKeysRequest, _depot_auth_v1_ListKeysRequest__Output>
        ListKeysResponse: MessageTypeDefinition<_depot_auth_v1_ListKeysResponse, _depot_auth_v1_ListKeysResponse__Output>
        ListTokensRequest: MessageTypeDefinition<_depot_auth_v1_ListTokensRequest, _depot_auth_v1_ListTokensRequest__Output>
        ListTokensResponse: MessageTypeDefinition<_depot_auth_v1_ListTokensResponse, _depot_auth_v1_ListTokensResponse__Output>
        ListUsersRequest: MessageTypeDefinition<_depot_auth_v1_ListUsersRequest, _depot_auth_v1_ListUsersRequest__Output>
        ListUsersResponse: MessageTypeDefinition<_depot_auth_v1_ListUsersResponse, _depot_auth_v1_ListUsersResponse__Output>
        LoginAccount: MessageTypeDefinition<_depot_auth_v1_LoginAccount, _depot_auth_v1_LoginAccount__Output>
        Principal: MessageTypeDefinition<_depot_auth_v1_Principal, _depot_auth_v1_Principal__Output>
        ReadAccess: MessageTypeDefinition<_depot_auth_v1_ReadAccess, _depot_auth_v1_ReadAccess__Output>
        RecoveryCodes: MessageTypeDefinition<_depot_auth_v1_RecoveryCodes, _depot_auth_v1_RecoveryCodes__Output>
        ResetTwoFactorRequest: MessageTypeDefinition<_depot_auth_v1_ResetTwoFactorRequest, _depot_auth_v1_ResetTwoFactorRequest__Output>
        ResolveLoginRequest: MessageTypeDefinition<_depot_auth_v1_ResolveLoginRequest, _depot_auth_v1_ResolveLoginRequest__Output>
        ResolveReadAccessRequest: MessageTypeDefinition<_depot_auth_v1_ResolveReadAccessRequest, _depot_auth_v1_ResolveReadAccessRequest__Output>
        RevokeTokenRequest: MessageTypeDefinition<_depot_auth_v1_RevokeTokenRequest, _depot_auth_v1_RevokeTokenRequest__Output>
        Session: MessageTypeDefinition<_depot_auth_v1_Session, _depot_auth_v1_Session__Output>
        SessionTokenRequest: MessageTypeDefinition<_depot_auth_v1_SessionTokenRequest, _depot_auth_v1_SessionTokenRequest__Output>
        SetPasswordRequest: MessageTypeDefinition<_depot_auth_v1_SetPasswordRequest, _depot_auth_v1_SetPasswordRequest__Output>
        SetPasswordResponse: MessageTypeDefinition<_depot_auth_v1_SetPasswordResponse, _depot_auth_v1_SetPasswordResponse__Output>
        SignInChallengeInfo: MessageTypeDefinition<_depot_auth_v1_SignInChallengeInfo, _depot_auth_v1_SignInChallengeInfo__Output>
        StartTwoFactorRequest: MessageTypeDefinition<_depot_auth_v1_StartTwoFactorRequest, _depot_auth_v1_StartTwoFactorRequest__Output>
        Token: MessageTypeDefinition<_depot_auth_v1_Token, _depot_auth_v1_Token__Output>
        TwoFactorChallenge: MessageTypeDefinition<_depot_auth_v1_TwoFactorChallenge, _depot_auth_v1_TwoFactorChallenge__Output>
        TwoFactorEnrolment: MessageTypeDefinition<_depot_auth_v1_TwoFactorEnrolment, _depot_auth_v1_TwoFactorEnrolment__Output>
        TwoFactorProofRequest: MessageTypeDefinition<_depot_auth_v1_TwoFactorProofRequest, _depot_auth_v1_TwoFactorProofRequest__Output>
        TwoFactorStatus: MessageTypeDefinition<_depot_auth_v1_TwoFactorStatus, _depot_auth_v1_TwoFactorStatus__Output>
        UpdateAccountRequest: MessageTypeDefinition<_depot_auth_v1_UpdateAccountRequest, _depot_auth_v1_UpdateAccountRequest__Output>
        UpdateClientRequest: MessageTypeDefinition<_depot_auth_v1_UpdateClientRequest, _depot_auth_v1_UpdateClientRequest__Output>
        UpdateUserRequest: MessageTypeDefinition<_depot_auth_v1_UpdateUserRequest, _depot_auth_v1_UpdateUserRequest__Output>
        User: MessageTypeDefinition<_depot_auth_v1_User, _depot_auth_v1_User__Output>
        UserIdRequest: MessageTypeDefinition<_depot_auth_v1_UserIdRequest, _depot_auth_v1_UserIdRequest__Output>
        VerifyKeyRequest: MessageTypeDefinition<_depot_auth_v1_VerifyKeyRequest, _depot_auth_v1_VerifyKeyRequest__Output>
        VerifyKeyResponse: MessageTypeDefinition<_depot_auth_v1_VerifyKeyResponse, _depot_auth_v1_VerifyKeyResponse__Output>
      }
    }
  }
}

