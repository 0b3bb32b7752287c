// Original file: depot/auth/v1/auth.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AuthenticateRequest as _depot_auth_v1_AuthenticateRequest, AuthenticateRequest__Output as _depot_auth_v1_AuthenticateRequest__Output } from '../../../depot/auth/v1/AuthenticateRequest';
import type { Client as _depot_auth_v1_Client, Client__Output as _depot_auth_v1_Client__Output } from '../../../depot/auth/v1/Client';
import type { CompleteSignInRequest as _depot_auth_v1_CompleteSignInRequest, CompleteSignInRequest__Output as _depot_auth_v1_CompleteSignInRequest__Output } from '../../../depot/auth/v1/CompleteSignInRequest';
import type { ConfirmTwoFactorRequest as _depot_auth_v1_ConfirmTwoFactorRequest, ConfirmTwoFactorRequest__Output as _depot_auth_v1_ConfirmTwoFactorRequest__Output } from '../../../depot/auth/v1/ConfirmTwoFactorRequest';
import type { CreateClientRequest as _depot_auth_v1_CreateClientRequest, CreateClientRequest__Output as _depot_auth_v1_CreateClientRequest__Output } from '../../../depot/auth/v1/CreateClientRequest';
import type { CreateKeyRequest as _depot_auth_v1_CreateKeyRequest, CreateKeyRequest__Output as _depot_auth_v1_CreateKeyRequest__Output } from '../../../depot/auth/v1/CreateKeyRequest';
import type { CreateSessionRequest as _depot_auth_v1_CreateSessionRequest, CreateSessionRequest__Output as _depot_auth_v1_CreateSessionRequest__Output } from '../../../depot/auth/v1/CreateSessionRequest';
import type { CreateTokenRequest as _depot_auth_v1_CreateTokenRequest, CreateTokenRequest__Output as _depot_auth_v1_CreateTokenRequest__Output } from '../../../depot/auth/v1/CreateTokenRequest';
import type { CreateUserRequest as _depot_auth_v1_CreateUserRequest, CreateUserRequest__Output as _depot_auth_v1_CreateUserRequest__Output } from '../../../depot/auth/v1/CreateUserRequest';
import type { DeleteClientRequest as _depot_auth_v1_DeleteClientRequest, DeleteClientRequest__Output as _depot_auth_v1_DeleteClientRequest__Output } from '../../../depot/auth/v1/DeleteClientRequest';
import type { DeleteKeyRequest as _depot_auth_v1_DeleteKeyRequest, DeleteKeyRequest__Output as _depot_auth_v1_DeleteKeyRequest__Output } from '../../../depot/auth/v1/DeleteKeyRequest';
import type { DeleteUserRequest as _depot_auth_v1_DeleteUserRequest, DeleteUserRequest__Output as _depot_auth_v1_DeleteUserRequest__Output } from '../../../depot/auth/v1/DeleteUserRequest';
import type { Empty as _depot_auth_v1_Empty, Empty__Output as _depot_auth_v1_Empty__Output } from '../../../depot/auth/v1/Empty';
import type { GetUserRequest as _depot_auth_v1_GetUserRequest, GetUserRequest__Output as _depot_auth_v1_GetUserRequest__Output } from '../../../depot/auth/v1/GetUserRequest';
import type { GrantModpackAccessRequest as _depot_auth_v1_GrantModpackAccessRequest, GrantModpackAccessRequest__Output as _depot_auth_v1_GrantModpackAccessRequest__Output } from '../../../depot/auth/v1/GrantModpackAccessRequest';
import type { IssuedKey as _depot_auth_v1_IssuedKey, IssuedKey__Output as _depot_auth_v1_IssuedKey__Output } from '../../../depot/auth/v1/IssuedKey';
import type { IssuedToken as _depot_auth_v1_IssuedToken, IssuedToken__Output as _depot_auth_v1_IssuedToken__Output } from '../../../depot/auth/v1/IssuedToken';
import type { ListClientsRequest as _depot_auth_v1_ListClientsRequest, ListClientsRequest__Output as _depot_auth_v1_ListClientsRequest__Output } from '../../../depot/auth/v1/ListClientsRequest';
import type { ListClientsResponse as _depot_auth_v1_ListClientsResponse, ListClientsResponse__Output as _depot_auth_v1_ListClientsResponse__Output } from '../../../depot/auth/v1/ListClientsResponse';
import type { ListKeysRequest as _depot_auth_v1_ListKeysRequest, ListKeysRequest__Output as _depot_auth_v1_ListKeysRequest__Output } from '../../../depot/auth/v1/ListKeysRequest';
import type { ListKeysResponse as _depot_auth_v1_ListKeysResponse, ListKeysResponse__Output as _depot_auth_v1_ListKeysResponse__Output } from '../../../depot/auth/v1/ListKeysResponse';
import type { ListTokensRequest as _depot_auth_v1_ListTokensRequest, ListTokensRequest__Output as _depot_auth_v1_ListTokensRequest__Output } from '../../../depot/auth/v1/ListTokensRequest';
import type { ListTokensResponse as _depot_auth_v1_ListTokensResponse, ListTokensResponse__Output as _depot_auth_v1_ListTokensResponse__Output } from '../../../depot/auth/v1/ListTokensResponse';
import type { ListUsersRequest as _depot_auth_v1_ListUsersRequest, ListUsersRequest__Output as _depot_auth_v1_ListUsersRequest__Output } from '../../../depot/auth/v1/ListUsersRequest';
import type { ListUsersResponse as _depot_auth_v1_ListUsersResponse, ListUsersResponse__Output as _depot_auth_v1_ListUsersResponse__Output } from '../../../depot/auth/v1/ListUsersResponse';
import type { LoginAccount as _depot_auth_v1_LoginAccount, LoginAccount__Output as _depot_auth_v1_LoginAccount__Output } from '../../../depot/auth/v1/LoginAccount';
import type { Principal as _depot_auth_v1_Principal, Principal__Output as _depot_auth_v1_Principal__Output } from '../../../depot/auth/v1/Principal';
import type { ReadAccess as _depot_auth_v1_ReadAccess, ReadAccess__Output as _depot_auth_v1_ReadAccess__Output } from '../../../depot/auth/v1/ReadAccess';
import type { RecoveryCodes as _depot_auth_v1_RecoveryCodes, RecoveryCodes__Output as _depot_auth_v1_RecoveryCodes__Output } from '../../../depot/auth/v1/RecoveryCodes';
import type { ResetTwoFactorRequest as _depot_auth_v1_ResetTwoFactorRequest, ResetTwoFactorRequest__Output as _depot_auth_v1_ResetTwoFactorRequest__Output } from '../../../depot/auth/v1/ResetTwoFactorRequest';
import type { ResolveLoginRequest as _depot_auth_v1_ResolveLoginRequest, ResolveLoginRequest__Output as _depot_auth_v1_ResolveLoginRequest__Output } from '../../../depot/auth/v1/ResolveLoginRequest';
import type { ResolveReadAccessRequest as _depot_auth_v1_ResolveReadAccessRequest, ResolveReadAccessRequest__Output as _depot_auth_v1_ResolveReadAccessRequest__Output } from '../../../depot/auth/v1/ResolveReadAccessRequest';
import type { RevokeTokenRequest as _depot_auth_v1_RevokeTokenRequest, RevokeTokenRequest__Output as _depot_auth_v1_RevokeTokenRequest__Output } from '../../../depot/auth/v1/RevokeTokenRequest';
import type { Session as _depot_auth_v1_Session, Session__Output as _depot_auth_v1_Session__Output } from '../../../depot/auth/v1/Session';
import type { SessionTokenRequest as _depot_auth_v1_SessionTokenRequest, SessionTokenRequest__Output as _depot_auth_v1_SessionTokenRequest__Output } from '../../../depot/auth/v1/SessionTokenRequest';
import type { SetPasswordRequest as _depot_auth_v1_SetPasswordRequest, SetPasswordRequest__Output as _depot_auth_v1_SetPasswordRequest__Output } from '../../../depot/auth/v1/SetPasswordRequest';
import type { SetPasswordResponse as _depot_auth_v1_SetPasswordResponse, SetPasswordResponse__Output as _depot_auth_v1_SetPasswordResponse__Output } from '../../../depot/auth/v1/SetPasswordResponse';
import type { SignInChallengeInfo as _depot_auth_v1_SignInChallengeInfo, SignInChallengeInfo__Output as _depot_auth_v1_SignInChallengeInfo__Output } from '../../../depot/auth/v1/SignInChallengeInfo';
import type { StartTwoFactorRequest as _depot_auth_v1_StartTwoFactorRequest, StartTwoFactorRequest__Output as _depot_auth_v1_StartTwoFactorRequest__Output } from '../../../depot/auth/v1/StartTwoFactorRequest';
import type { TwoFactorEnrolment as _depot_auth_v1_TwoFactorEnrolment, TwoFactorEnrolment__Output as _depot_auth_v1_TwoFactorEnrolment__Output } from '../../../depot/auth/v1/TwoFactorEnrolment';
import type { TwoFactorProofRequest as _depot_auth_v1_TwoFactorProofRequest, TwoFactorProofRequest__Output as _depot_auth_v1_TwoFactorProofRequest__Output } from '../../../depot/auth/v1/TwoFactorProofRequest';
import type { TwoFactorStatus as _depot_auth_v1_TwoFactorStatus, TwoFactorStatus__Output as _depot_auth_v1_TwoFactorStatus__Output } from '../../../depot/auth/v1/TwoFactorStatus';
import type { UpdateAccountRequest as _depot_auth_v1_UpdateAccountRequest, UpdateAccountRequest__Output as _depot_auth_v1_UpdateAccountRequest__Output } from '../../../depot/auth/v1/UpdateAccountRequest';
import type { UpdateClientRequest as _depot_auth_v1_UpdateClientRequest, UpdateClientRequest__Output as _depot_auth_v1_UpdateClientRequest__Output } from '../../../depot/auth/v1/UpdateClientRequest';
import type { UpdateUserRequest as _depot_auth_v1_UpdateUserRequest, UpdateUserRequest__Output as _depot_auth_v1_UpdateUserRequest__Output } from '../../../depot/auth/v1/UpdateUserRequest';
import type { User as _depot_auth_v1_User, User__Output as _depot_auth_v1_User__Output } from '../../../depot/auth/v1/User';
import type { UserIdRequest as _depot_auth_v1_UserIdRequest, UserIdRequest__Output as _depot_auth_v1_UserIdRequest__Output } from '../../../depot/auth/v1/UserIdRequest';
import type { VerifyKeyRequest as _depot_auth_v1_VerifyKeyRequest, VerifyKeyRequest__Output as _depot_auth_v1_VerifyKeyRequest__Output } from '../../../depot/auth/v1/VerifyKeyRequest';
import type { VerifyKeyResponse as _depot_auth_v1_VerifyKeyResponse, VerifyKeyResponse__Output as _depot_auth_v1_VerifyKeyResponse__Output } from '../../../depot/auth/v1/VerifyKeyResponse';

export interface AuthServiceClient extends grpc.Client {
  Authenticate(argument: _depot_auth_v1_AuthenticateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  Authenticate(argument: _depot_auth_v1_AuthenticateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  Authenticate(argument: _depot_auth_v1_AuthenticateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  Authenticate(argument: _depot_auth_v1_AuthenticateRequest, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _depot_auth_v1_AuthenticateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _depot_auth_v1_AuthenticateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _depot_auth_v1_AuthenticateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  authenticate(argument: _depot_auth_v1_AuthenticateRequest, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  
  AuthenticateSession(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  AuthenticateSession(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  AuthenticateSession(argument: _depot_auth_v1_SessionTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  AuthenticateSession(argument: _depot_auth_v1_SessionTokenRequest, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  authenticateSession(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  authenticateSession(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  authenticateSession(argument: _depot_auth_v1_SessionTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  authenticateSession(argument: _depot_auth_v1_SessionTokenRequest, callback: grpc.requestCallback<_depot_auth_v1_Principal__Output>): grpc.ClientUnaryCall;
  
  CompleteSignIn(argument: _depot_auth_v1_CompleteSignInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  CompleteSignIn(argument: _depot_auth_v1_CompleteSignInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  CompleteSignIn(argument: _depot_auth_v1_CompleteSignInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  CompleteSignIn(argument: _depot_auth_v1_CompleteSignInRequest, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  completeSignIn(argument: _depot_auth_v1_CompleteSignInRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  completeSignIn(argument: _depot_auth_v1_CompleteSignInRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  completeSignIn(argument: _depot_auth_v1_CompleteSignInRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  completeSignIn(argument: _depot_auth_v1_CompleteSignInRequest, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  
  ConfirmTwoFactor(argument: _depot_auth_v1_ConfirmTwoFactorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  ConfirmTwoFactor(argument: _depot_auth_v1_ConfirmTwoFactorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  ConfirmTwoFactor(argument: _depot_auth_v1_ConfirmTwoFactorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  ConfirmTwoFactor(argument: _depot_auth_v1_ConfirmTwoFactorRequest, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  confirmTwoFactor(argument: _depot_auth_v1_ConfirmTwoFactorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  confirmTwoFactor(argument: _depot_auth_v1_ConfirmTwoFactorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  confirmTwoFactor(argument: _depot_auth_v1_ConfirmTwoFactorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  confirmTwoFactor(argument: _depot_auth_v1_ConfirmTwoFactorRequest, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  
  CreateClient(argument: _depot_auth_v1_CreateClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  CreateClient(argument: _depot_auth_v1_CreateClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  CreateClient(argument: _depot_auth_v1_CreateClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  CreateClient(argument: _depot_auth_v1_CreateClientRequest, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  createClient(argument: _depot_auth_v1_CreateClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  createClient(argument: _depot_auth_v1_CreateClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  createClient(argument: _depot_auth_v1_CreateClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  createClient(argument: _depot_auth_v1_CreateClientRequest, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  
  CreateKey(argument: _depot_auth_v1_CreateKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_IssuedKey__Output>): grpc.ClientUnaryCall;
  CreateKey(argument: _depot_auth_v1_CreateKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_IssuedKey__Output>): grpc.ClientUnaryCall;
  CreateKey(argument: _depot_auth_v1_CreateKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_IssuedKey__Output>): grpc.ClientUnaryCall;
  CreateKey(argument: _depot_auth_v1_CreateKeyRequest, callback: grpc.requestCallback<_depot_auth_v1_IssuedKey__Output>): grpc.ClientUnaryCall;
  createKey(argument: _depot_auth_v1_CreateKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_IssuedKey__Output>): grpc.ClientUnaryCall;
  createKey(argument: _depot_auth_v1_CreateKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_IssuedKey__Output>): grpc.ClientUnaryCall;
  createKey(argument: _depot_auth_v1_CreateKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_IssuedKey__Output>): grpc.ClientUnaryCall;
  createKey(argument: _depot_auth_v1_CreateKeyRequest, callback: grpc.requestCallback<_depot_auth_v1_IssuedKey__Output>): grpc.ClientUnaryCall;
  
  CreateSession(argument: _depot_auth_v1_CreateSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  CreateSession(argument: _depot_auth_v1_CreateSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  CreateSession(argument: _depot_auth_v1_CreateSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  CreateSession(argument: _depot_auth_v1_CreateSessionRequest, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  createSession(argument: _depot_auth_v1_CreateSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  createSession(argument: _depot_auth_v1_CreateSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  createSession(argument: _depot_auth_v1_CreateSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  createSession(argument: _depot_auth_v1_CreateSessionRequest, callback: grpc.requestCallback<_depot_auth_v1_Session__Output>): grpc.ClientUnaryCall;
  
  CreateToken(argument: _depot_auth_v1_CreateTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  CreateToken(argument: _depot_auth_v1_CreateTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  CreateToken(argument: _depot_auth_v1_CreateTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  CreateToken(argument: _depot_auth_v1_CreateTokenRequest, callback: grpc.requestCallback<_depot_auth_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  createToken(argument: _depot_auth_v1_CreateTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  createToken(argument: _depot_auth_v1_CreateTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  createToken(argument: _depot_auth_v1_CreateTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  createToken(argument: _depot_auth_v1_CreateTokenRequest, callback: grpc.requestCallback<_depot_auth_v1_IssuedToken__Output>): grpc.ClientUnaryCall;
  
  CreateUser(argument: _depot_auth_v1_CreateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  CreateUser(argument: _depot_auth_v1_CreateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  CreateUser(argument: _depot_auth_v1_CreateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  CreateUser(argument: _depot_auth_v1_CreateUserRequest, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  createUser(argument: _depot_auth_v1_CreateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  createUser(argument: _depot_auth_v1_CreateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  createUser(argument: _depot_auth_v1_CreateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  createUser(argument: _depot_auth_v1_CreateUserRequest, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  
  DeleteClient(argument: _depot_auth_v1_DeleteClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteClient(argument: _depot_auth_v1_DeleteClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteClient(argument: _depot_auth_v1_DeleteClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteClient(argument: _depot_auth_v1_DeleteClientRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteClient(argument: _depot_auth_v1_DeleteClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteClient(argument: _depot_auth_v1_DeleteClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteClient(argument: _depot_auth_v1_DeleteClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteClient(argument: _depot_auth_v1_DeleteClientRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  DeleteKey(argument: _depot_auth_v1_DeleteKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteKey(argument: _depot_auth_v1_DeleteKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteKey(argument: _depot_auth_v1_DeleteKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteKey(argument: _depot_auth_v1_DeleteKeyRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteKey(argument: _depot_auth_v1_DeleteKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteKey(argument: _depot_auth_v1_DeleteKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteKey(argument: _depot_auth_v1_DeleteKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteKey(argument: _depot_auth_v1_DeleteKeyRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  DeleteUser(argument: _depot_auth_v1_DeleteUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteUser(argument: _depot_auth_v1_DeleteUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteUser(argument: _depot_auth_v1_DeleteUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteUser(argument: _depot_auth_v1_DeleteUserRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _depot_auth_v1_DeleteUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _depot_auth_v1_DeleteUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _depot_auth_v1_DeleteUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteUser(argument: _depot_auth_v1_DeleteUserRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  DisableTwoFactor(argument: _depot_auth_v1_TwoFactorProofRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  DisableTwoFactor(argument: _depot_auth_v1_TwoFactorProofRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  DisableTwoFactor(argument: _depot_auth_v1_TwoFactorProofRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  DisableTwoFactor(argument: _depot_auth_v1_TwoFactorProofRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  disableTwoFactor(argument: _depot_auth_v1_TwoFactorProofRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  disableTwoFactor(argument: _depot_auth_v1_TwoFactorProofRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  disableTwoFactor(argument: _depot_auth_v1_TwoFactorProofRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  disableTwoFactor(argument: _depot_auth_v1_TwoFactorProofRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  EndSession(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _depot_auth_v1_SessionTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  EndSession(argument: _depot_auth_v1_SessionTokenRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  endSession(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  endSession(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  endSession(argument: _depot_auth_v1_SessionTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  endSession(argument: _depot_auth_v1_SessionTokenRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  EndSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  EndSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  EndSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  EndSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  endSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  endSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  endSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  endSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  GetSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_SignInChallengeInfo__Output>): grpc.ClientUnaryCall;
  GetSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_SignInChallengeInfo__Output>): grpc.ClientUnaryCall;
  GetSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_SignInChallengeInfo__Output>): grpc.ClientUnaryCall;
  GetSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, callback: grpc.requestCallback<_depot_auth_v1_SignInChallengeInfo__Output>): grpc.ClientUnaryCall;
  getSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_SignInChallengeInfo__Output>): grpc.ClientUnaryCall;
  getSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_SignInChallengeInfo__Output>): grpc.ClientUnaryCall;
  getSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_SignInChallengeInfo__Output>): grpc.ClientUnaryCall;
  getSignInChallenge(argument: _depot_auth_v1_SessionTokenRequest, callback: grpc.requestCallback<_depot_auth_v1_SignInChallengeInfo__Output>): grpc.ClientUnaryCall;
  
  GetTwoFactor(argument: _depot_auth_v1_UserIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorStatus__Output>): grpc.ClientUnaryCall;
  GetTwoFactor(argument: _depot_auth_v1_UserIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorStatus__Output>): grpc.ClientUnaryCall;
  GetTwoFactor(argument: _depot_auth_v1_UserIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorStatus__Output>): grpc.ClientUnaryCall;
  GetTwoFactor(argument: _depot_auth_v1_UserIdRequest, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorStatus__Output>): grpc.ClientUnaryCall;
  getTwoFactor(argument: _depot_auth_v1_UserIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorStatus__Output>): grpc.ClientUnaryCall;
  getTwoFactor(argument: _depot_auth_v1_UserIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorStatus__Output>): grpc.ClientUnaryCall;
  getTwoFactor(argument: _depot_auth_v1_UserIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorStatus__Output>): grpc.ClientUnaryCall;
  getTwoFactor(argument: _depot_auth_v1_UserIdRequest, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorStatus__Output>): grpc.ClientUnaryCall;
  
  GetUser(argument: _depot_auth_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _depot_auth_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _depot_auth_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  GetUser(argument: _depot_auth_v1_GetUserRequest, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _depot_auth_v1_GetUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _depot_auth_v1_GetUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _depot_auth_v1_GetUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  getUser(argument: _depot_auth_v1_GetUserRequest, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  
  GrantModpackAccess(argument: _depot_auth_v1_GrantModpackAccessRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  GrantModpackAccess(argument: _depot_auth_v1_GrantModpackAccessRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  GrantModpackAccess(argument: _depot_auth_v1_GrantModpackAccessRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  GrantModpackAccess(argument: _depot_auth_v1_GrantModpackAccessRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  grantModpackAccess(argument: _depot_auth_v1_GrantModpackAccessRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  grantModpackAccess(argument: _depot_auth_v1_GrantModpackAccessRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  grantModpackAccess(argument: _depot_auth_v1_GrantModpackAccessRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  grantModpackAccess(argument: _depot_auth_v1_GrantModpackAccessRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  ListClients(argument: _depot_auth_v1_ListClientsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  ListClients(argument: _depot_auth_v1_ListClientsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  ListClients(argument: _depot_auth_v1_ListClientsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  ListClients(argument: _depot_auth_v1_ListClientsRequest, callback: grpc.requestCallback<_depot_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  listClients(argument: _depot_auth_v1_ListClientsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  listClients(argument: _depot_auth_v1_ListClientsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  listClients(argument: _depot_auth_v1_ListClientsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  listClients(argument: _depot_auth_v1_ListClientsRequest, callback: grpc.requestCallback<_depot_auth_v1_ListClientsResponse__Output>): grpc.ClientUnaryCall;
  
  ListKeys(argument: _depot_auth_v1_ListKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  ListKeys(argument: _depot_auth_v1_ListKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  ListKeys(argument: _depot_auth_v1_ListKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  ListKeys(argument: _depot_auth_v1_ListKeysRequest, callback: grpc.requestCallback<_depot_auth_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  listKeys(argument: _depot_auth_v1_ListKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  listKeys(argument: _depot_auth_v1_ListKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  listKeys(argument: _depot_auth_v1_ListKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  listKeys(argument: _depot_auth_v1_ListKeysRequest, callback: grpc.requestCallback<_depot_auth_v1_ListKeysResponse__Output>): grpc.ClientUnaryCall;
  
  ListTokens(argument: _depot_auth_v1_ListTokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  ListTokens(argument: _depot_auth_v1_ListTokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  ListTokens(argument: _depot_auth_v1_ListTokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  ListTokens(argument: _depot_auth_v1_ListTokensRequest, callback: grpc.requestCallback<_depot_auth_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  listTokens(argument: _depot_auth_v1_ListTokensRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  listTokens(argument: _depot_auth_v1_ListTokensRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  listTokens(argument: _depot_auth_v1_ListTokensRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  listTokens(argument: _depot_auth_v1_ListTokensRequest, callback: grpc.requestCallback<_depot_auth_v1_ListTokensResponse__Output>): grpc.ClientUnaryCall;
  
  ListUsers(argument: _depot_auth_v1_ListUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _depot_auth_v1_ListUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _depot_auth_v1_ListUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  ListUsers(argument: _depot_auth_v1_ListUsersRequest, callback: grpc.requestCallback<_depot_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _depot_auth_v1_ListUsersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _depot_auth_v1_ListUsersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _depot_auth_v1_ListUsersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  listUsers(argument: _depot_auth_v1_ListUsersRequest, callback: grpc.requestCallback<_depot_auth_v1_ListUsersResponse__Output>): grpc.ClientUnaryCall;
  
  ProveIdentity(argument: _depot_auth_v1_TwoFactorProofRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  ProveIdentity(argument: _depot_auth_v1_TwoFactorProofRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  ProveIdentity(argument: _depot_auth_v1_TwoFactorProofRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  ProveIdentity(argument: _depot_auth_v1_TwoFactorProofRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  proveIdentity(argument: _depot_auth_v1_TwoFactorProofRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  proveIdentity(argument: _depot_auth_v1_TwoFactorProofRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  proveIdentity(argument: _depot_auth_v1_TwoFactorProofRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  proveIdentity(argument: _depot_auth_v1_TwoFactorProofRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  RegenerateRecoveryCodes(argument: _depot_auth_v1_TwoFactorProofRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  RegenerateRecoveryCodes(argument: _depot_auth_v1_TwoFactorProofRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  RegenerateRecoveryCodes(argument: _depot_auth_v1_TwoFactorProofRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  RegenerateRecoveryCodes(argument: _depot_auth_v1_TwoFactorProofRequest, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  regenerateRecoveryCodes(argument: _depot_auth_v1_TwoFactorProofRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  regenerateRecoveryCodes(argument: _depot_auth_v1_TwoFactorProofRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  regenerateRecoveryCodes(argument: _depot_auth_v1_TwoFactorProofRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  regenerateRecoveryCodes(argument: _depot_auth_v1_TwoFactorProofRequest, callback: grpc.requestCallback<_depot_auth_v1_RecoveryCodes__Output>): grpc.ClientUnaryCall;
  
  ResetTwoFactor(argument: _depot_auth_v1_ResetTwoFactorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  ResetTwoFactor(argument: _depot_auth_v1_ResetTwoFactorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  ResetTwoFactor(argument: _depot_auth_v1_ResetTwoFactorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  ResetTwoFactor(argument: _depot_auth_v1_ResetTwoFactorRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  resetTwoFactor(argument: _depot_auth_v1_ResetTwoFactorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  resetTwoFactor(argument: _depot_auth_v1_ResetTwoFactorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  resetTwoFactor(argument: _depot_auth_v1_ResetTwoFactorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  resetTwoFactor(argument: _depot_auth_v1_ResetTwoFactorRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  ResolveLogin(argument: _depot_auth_v1_ResolveLoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_LoginAccount__Output>): grpc.ClientUnaryCall;
  ResolveLogin(argument: _depot_auth_v1_ResolveLoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_LoginAccount__Output>): grpc.ClientUnaryCall;
  ResolveLogin(argument: _depot_auth_v1_ResolveLoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_LoginAccount__Output>): grpc.ClientUnaryCall;
  ResolveLogin(argument: _depot_auth_v1_ResolveLoginRequest, callback: grpc.requestCallback<_depot_auth_v1_LoginAccount__Output>): grpc.ClientUnaryCall;
  resolveLogin(argument: _depot_auth_v1_ResolveLoginRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_LoginAccount__Output>): grpc.ClientUnaryCall;
  resolveLogin(argument: _depot_auth_v1_ResolveLoginRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_LoginAccount__Output>): grpc.ClientUnaryCall;
  resolveLogin(argument: _depot_auth_v1_ResolveLoginRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_LoginAccount__Output>): grpc.ClientUnaryCall;
  resolveLogin(argument: _depot_auth_v1_ResolveLoginRequest, callback: grpc.requestCallback<_depot_auth_v1_LoginAccount__Output>): grpc.ClientUnaryCall;
  
  ResolveReadAccess(argument: _depot_auth_v1_ResolveReadAccessRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ReadAccess__Output>): grpc.ClientUnaryCall;
  ResolveReadAccess(argument: _depot_auth_v1_ResolveReadAccessRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_ReadAccess__Output>): grpc.ClientUnaryCall;
  ResolveReadAccess(argument: _depot_auth_v1_ResolveReadAccessRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ReadAccess__Output>): grpc.ClientUnaryCall;
  ResolveReadAccess(argument: _depot_auth_v1_ResolveReadAccessRequest, callback: grpc.requestCallback<_depot_auth_v1_ReadAccess__Output>): grpc.ClientUnaryCall;
  resolveReadAccess(argument: _depot_auth_v1_ResolveReadAccessRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ReadAccess__Output>): grpc.ClientUnaryCall;
  resolveReadAccess(argument: _depot_auth_v1_ResolveReadAccessRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_ReadAccess__Output>): grpc.ClientUnaryCall;
  resolveReadAccess(argument: _depot_auth_v1_ResolveReadAccessRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_ReadAccess__Output>): grpc.ClientUnaryCall;
  resolveReadAccess(argument: _depot_auth_v1_ResolveReadAccessRequest, callback: grpc.requestCallback<_depot_auth_v1_ReadAccess__Output>): grpc.ClientUnaryCall;
  
  RevokeToken(argument: _depot_auth_v1_RevokeTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  RevokeToken(argument: _depot_auth_v1_RevokeTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  RevokeToken(argument: _depot_auth_v1_RevokeTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  RevokeToken(argument: _depot_auth_v1_RevokeTokenRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  revokeToken(argument: _depot_auth_v1_RevokeTokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  revokeToken(argument: _depot_auth_v1_RevokeTokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  revokeToken(argument: _depot_auth_v1_RevokeTokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  revokeToken(argument: _depot_auth_v1_RevokeTokenRequest, callback: grpc.requestCallback<_depot_auth_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  SetPassword(argument: _depot_auth_v1_SetPasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_SetPasswordResponse__Output>): grpc.ClientUnaryCall;
  SetPassword(argument: _depot_auth_v1_SetPasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_SetPasswordResponse__Output>): grpc.ClientUnaryCall;
  SetPassword(argument: _depot_auth_v1_SetPasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_SetPasswordResponse__Output>): grpc.ClientUnaryCall;
  SetPassword(argument: _depot_auth_v1_SetPasswordRequest, callback: grpc.requestCallback<_depot_auth_v1_SetPasswordResponse__Output>): grpc.ClientUnaryCall;
  setPassword(argument: _depot_auth_v1_SetPasswordRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_SetPasswordResponse__Output>): grpc.ClientUnaryCall;
  setPassword(argument: _depot_auth_v1_SetPasswordRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_SetPasswordResponse__Output>): grpc.ClientUnaryCall;
  setPassword(argument: _depot_auth_v1_SetPasswordRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_SetPasswordResponse__Output>): grpc.ClientUnaryCall;
  setPassword(argument: _depot_auth_v1_SetPasswordRequest, callback: grpc.requestCallback<_depot_auth_v1_SetPasswordResponse__Output>): grpc.ClientUnaryCall;
  
  StartTwoFactor(argument: _depot_auth_v1_StartTwoFactorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorEnrolment__Output>): grpc.ClientUnaryCall;
  StartTwoFactor(argument: _depot_auth_v1_StartTwoFactorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorEnrolment__Output>): grpc.ClientUnaryCall;
  StartTwoFactor(argument: _depot_auth_v1_StartTwoFactorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorEnrolment__Output>): grpc.ClientUnaryCall;
  StartTwoFactor(argument: _depot_auth_v1_StartTwoFactorRequest, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorEnrolment__Output>): grpc.ClientUnaryCall;
  startTwoFactor(argument: _depot_auth_v1_StartTwoFactorRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorEnrolment__Output>): grpc.ClientUnaryCall;
  startTwoFactor(argument: _depot_auth_v1_StartTwoFactorRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorEnrolment__Output>): grpc.ClientUnaryCall;
  startTwoFactor(argument: _depot_auth_v1_StartTwoFactorRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorEnrolment__Output>): grpc.ClientUnaryCall;
  startTwoFactor(argument: _depot_auth_v1_StartTwoFactorRequest, callback: grpc.requestCallback<_depot_auth_v1_TwoFactorEnrolment__Output>): grpc.ClientUnaryCall;
  
  UpdateAccount(argument: _depot_auth_v1_UpdateAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  UpdateAccount(argument: _depot_auth_v1_UpdateAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  UpdateAccount(argument: _depot_auth_v1_UpdateAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  UpdateAccount(argument: _depot_auth_v1_UpdateAccountRequest, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  updateAccount(argument: _depot_auth_v1_UpdateAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  updateAccount(argument: _depot_auth_v1_UpdateAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  updateAccount(argument: _depot_auth_v1_UpdateAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  updateAccount(argument: _depot_auth_v1_UpdateAccountRequest, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  
  UpdateClient(argument: _depot_auth_v1_UpdateClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  UpdateClient(argument: _depot_auth_v1_UpdateClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  UpdateClient(argument: _depot_auth_v1_UpdateClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  UpdateClient(argument: _depot_auth_v1_UpdateClientRequest, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  updateClient(argument: _depot_auth_v1_UpdateClientRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  updateClient(argument: _depot_auth_v1_UpdateClientRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  updateClient(argument: _depot_auth_v1_UpdateClientRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  updateClient(argument: _depot_auth_v1_UpdateClientRequest, callback: grpc.requestCallback<_depot_auth_v1_Client__Output>): grpc.ClientUnaryCall;
  
  UpdateUser(argument: _depot_auth_v1_UpdateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  UpdateUser(argument: _depot_auth_v1_UpdateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  UpdateUser(argument: _depot_auth_v1_UpdateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  UpdateUser(argument: _depot_auth_v1_UpdateUserRequest, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _depot_auth_v1_UpdateUserRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _depot_auth_v1_UpdateUserRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _depot_auth_v1_UpdateUserRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  updateUser(argument: _depot_auth_v1_UpdateUserRequest, callback: grpc.requestCallback<_depot_auth_v1_User__Output>): grpc.ClientUnaryCall;
  
  VerifyKey(argument: _depot_auth_v1_VerifyKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_VerifyKeyResponse__Output>): grpc.ClientUnaryCall;
  VerifyKey(argument: _depot_auth_v1_VerifyKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_VerifyKeyResponse__Output>): grpc.ClientUnaryCall;
  VerifyKey(argument: _depot_auth_v1_VerifyKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_VerifyKeyResponse__Output>): grpc.ClientUnaryCall;
  VerifyKey(argument: _depot_auth_v1_VerifyKeyRequest, callback: grpc.requestCallback<_depot_auth_v1_VerifyKeyResponse__Output>): grpc.ClientUnaryCall;
  verifyKey(argument: _depot_auth_v1_VerifyKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_VerifyKeyResponse__Output>): grpc.ClientUnaryCall;
  verifyKey(argument: _depot_auth_v1_VerifyKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_auth_v1_VerifyKeyResponse__Output>): grpc.ClientUnaryCall;
  verifyKey(argument: _depot_auth_v1_VerifyKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_auth_v1_VerifyKeyResponse__Output>): grpc.ClientUnaryCall;
  verifyKey(argument: _depot_auth_v1_VerifyKeyRequest, callback: grpc.requestCallback<_depot_auth_v1_VerifyKeyResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AuthServiceHandlers extends grpc.UntypedServiceImplementation {
  Authenticate: grpc.handleUnaryCall<_depot_auth_v1_AuthenticateRequest__Output, _depot_auth_v1_Principal>;
  
  AuthenticateSession: grpc.handleUnaryCall<_depot_auth_v1_SessionTokenRequest__Output, _depot_auth_v1_Principal>;
  
  CompleteSignIn: grpc.handleUnaryCall<_depot_auth_v1_CompleteSignInRequest__Output, _depot_auth_v1_Session>;
  
  ConfirmTwoFactor: grpc.handleUnaryCall<_depot_auth_v1_ConfirmTwoFactorRequest__Output, _depot_auth_v1_RecoveryCodes>;
  
  CreateClient: grpc.handleUnaryCall<_depot_auth_v1_CreateClientRequest__Output, _depot_auth_v1_Client>;
  
  CreateKey: grpc.handleUnaryCall<_depot_auth_v1_CreateKeyRequest__Output, _depot_auth_v1_IssuedKey>;
  
  CreateSession: grpc.handleUnaryCall<_depot_auth_v1_CreateSessionRequest__Output, _depot_auth_v1_Session>;
  
  CreateToken: grpc.handleUnaryCall<_depot_auth_v1_CreateTokenRequest__Output, _depot_auth_v1_IssuedToken>;
  
  CreateUser: grpc.handleUnaryCall<_depot_auth_v1_CreateUserRequest__Output, _depot_auth_v1_User>;
  
  DeleteClient: grpc.handleUnaryCall<_depot_auth_v1_DeleteClientRequest__Output, _depot_auth_v1_Empty>;
  
  DeleteKey: grpc.handleUnaryCall<_depot_auth_v1_DeleteKeyRequest__Output, _depot_auth_v1_Empty>;
  
  DeleteUser: grpc.handleUnaryCall<_depot_auth_v1_DeleteUserRequest__Output, _depot_auth_v1_Empty>;
  
  DisableTwoFactor: grpc.handleUnaryCall<_depot_auth_v1_TwoFactorProofRequest__Output, _depot_auth_v1_Empty>;
  
  EndSession: grpc.handleUnaryCall<_depot_auth_v1_SessionTokenRequest__Output, _depot_auth_v1_Empty>;
  
  EndSignInChallenge: grpc.handleUnaryCall<_depot_auth_v1_SessionTokenRequest__Output, _depot_auth_v1_Empty>;
  
  GetSignInChallenge: grpc.handleUnaryCall<_depot_auth_v1_SessionTokenRequest__Output, _depot_auth_v1_SignInChallengeInfo>;
  
  GetTwoFactor: grpc.handleUnaryCall<_depot_auth_v1_UserIdRequest__Output, _depot_auth_v1_TwoFactorStatus>;
  
  GetUser: grpc.handleUnaryCall<_depot_auth_v1_GetUserRequest__Output, _depot_auth_v1_User>;
  
  GrantModpackAccess: grpc.handleUnaryCall<_depot_auth_v1_GrantModpackAccessRequest__Output, _depot_auth_v1_Empty>;
  
  ListClients: grpc.handleUnaryCall<_depot_auth_v1_ListClientsRequest__Output, _depot_auth_v1_ListClientsResponse>;
  
  ListKeys: grpc.handleUnaryCall<_depot_auth_v1_ListKeysRequest__Output, _depot_auth_v1_ListKeysResponse>;
  
  ListTokens: grpc.handleUnaryCall<_depot_auth_v1_ListTokensRequest__Output, _depot_auth_v1_ListTokensResponse>;
  
  ListUsers: grpc.handleUnaryCall<_depot_auth_v1_ListUsersRequest__Output, _depot_auth_v1_ListUsersResponse>;
  
  ProveIdentity: grpc.handleUnaryCall<_depot_auth_v1_TwoFactorProofRequest__Output, _depot_auth_v1_Empty>;
  
  RegenerateRecoveryCodes: grpc.handleUnaryCall<_depot_auth_v1_TwoFactorProofRequest__Output, _depot_auth_v1_RecoveryCodes>;
  
  ResetTwoFactor: grpc.handleUnaryCall<_depot_auth_v1_ResetTwoFactorRequest__Output, _depot_auth_v1_Empty>;
  
  ResolveLogin: grpc.handleUnaryCall<_depot_auth_v1_ResolveLoginRequest__Output, _depot_auth_v1_LoginAccount>;
  
  ResolveReadAccess: grpc.handleUnaryCall<_depot_auth_v1_ResolveReadAccessRequest__Output, _depot_auth_v1_ReadAccess>;
  
  RevokeToken: grpc.handleUnaryCall<_depot_auth_v1_RevokeTokenRequest__Output, _depot_auth_v1_Empty>;
  
  SetPassword: grpc.handleUnaryCall<_depot_auth_v1_SetPasswordRequest__Output, _depot_auth_v1_SetPasswordResponse>;
  
  StartTwoFactor: grpc.handleUnaryCall<_depot_auth_v1_StartTwoFactorRequest__Output, _depot_auth_v1_TwoFactorEnrolment>;
  
  UpdateAccount: grpc.handleUnaryCall<_depot_auth_v1_UpdateAccountRequest__Output, _depot_auth_v1_User>;
  
  UpdateClient: grpc.handleUnaryCall<_depot_auth_v1_UpdateClientRequest__Output, _depot_auth_v1_Client>;
  
  UpdateUser: grpc.handleUnaryCall<_depot_auth_v1_UpdateUserRequest__Output, _depot_auth_v1_User>;
  
  VerifyKey: grpc.handleUnaryCall<_depot_auth_v1_VerifyKeyRequest__Output, _depot_auth_v1_VerifyKeyResponse>;
  
}

export interface AuthServiceDefinition extends grpc.ServiceDefinition {
  Authenticate: MethodDefinition<_depot_auth_v1_AuthenticateRequest, _depot_auth_v1_Principal, _depot_auth_v1_AuthenticateRequest__Output, _depot_auth_v1_Principal__Output>
  AuthenticateSession: MethodDefinition<_depot_auth_v1_SessionTokenRequest, _depot_auth_v1_Principal, _depot_auth_v1_SessionTokenRequest__Output, _depot_auth_v1_Principal__Output>
  CompleteSignIn: MethodDefinition<_depot_auth_v1_CompleteSignInRequest, _depot_auth_v1_Session, _depot_auth_v1_CompleteSignInRequest__Output, _depot_auth_v1_Session__Output>
  ConfirmTwoFactor: MethodDefinition<_depot_auth_v1_ConfirmTwoFactorRequest, _depot_auth_v1_RecoveryCodes, _depot_auth_v1_ConfirmTwoFactorRequest__Output, _depot_auth_v1_RecoveryCodes__Output>
  CreateClient: MethodDefinition<_depot_auth_v1_CreateClientRequest, _depot_auth_v1_Client, _depot_auth_v1_CreateClientRequest__Output, _depot_auth_v1_Client__Output>
  CreateKey: MethodDefinition<_depot_auth_v1_CreateKeyRequest, _depot_auth_v1_IssuedKey, _depot_auth_v1_CreateKeyRequest__Output, _depot_auth_v1_IssuedKey__Output>
  CreateSession: MethodDefinition<_depot_auth_v1_CreateSessionRequest, _depot_auth_v1_Session, _depot_auth_v1_CreateSessionRequest__Output, _depot_auth_v1_Session__Output>
  CreateToken: MethodDefinition<_depot_auth_v1_CreateTokenRequest, _depot_auth_v1_IssuedToken, _depot_auth_v1_CreateTokenRequest__Output, _depot_auth_v1_IssuedToken__Output>
  CreateUser: MethodDefinition<_depot_auth_v1_CreateUserRequest, _depot_auth_v1_User, _depot_auth_v1_CreateUserRequest__Output, _depot_auth_v1_User__Output>
  DeleteClient: MethodDefinition<_depot_auth_v1_DeleteClientRequest, _depot_auth_v1_Empty, _depot_auth_v1_DeleteClientRequest__Output, _depot_auth_v1_Empty__Output>
  DeleteKey: MethodDefinition<_depot_auth_v1_DeleteKeyRequest, _depot_auth_v1_Empty, _depot_auth_v1_DeleteKeyRequest__Output, _depot_auth_v1_Empty__Output>
  DeleteUser: MethodDefinition<_depot_auth_v1_DeleteUserRequest, _depot_auth_v1_Empty, _depot_auth_v1_DeleteUserRequest__Output, _depot_auth_v1_Empty__Output>
  DisableTwoFactor: MethodDefinition<_depot_auth_v1_TwoFactorProofRequest, _depot_auth_v1_Empty, _depot_auth_v1_TwoFactorProofRequest__Output, _depot_auth_v1_Empty__Output>
  EndSession: MethodDefinition<_depot_auth_v1_SessionTokenRequest, _depot_auth_v1_Empty, _depot_auth_v1_SessionTokenRequest__Output, _depot_auth_v1_Empty__Output>
  EndSignInChallenge: MethodDefinition<_depot_auth_v1_SessionTokenRequest, _depot_auth_v1_Empty, _depot_auth_v1_SessionTokenRequest__Output, _depot_auth_v1_Empty__Output>
  GetSignInChallenge: MethodDefinition<_depot_auth_v1_SessionTokenRequest, _depot_auth_v1_SignInChallengeInfo, _depot_auth_v1_SessionTokenRequest__Output, _depot_auth_v1_SignInChallengeInfo__Output>
  GetTwoFactor: MethodDefinition<_depot_auth_v1_UserIdRequest, _depot_auth_v1_TwoFactorStatus, _depot_auth_v1_UserIdRequest__Output, _depot_auth_v1_TwoFactorStatus__Output>
  GetUser: MethodDefinition<_depot_auth_v1_GetUserRequest, _depot_auth_v1_User, _depot_auth_v1_GetUserRequest__Output, _depot_auth_v1_User__Output>
  GrantModpackAccess: MethodDefinition<_depot_auth_v1_GrantModpackAccessRequest, _depot_auth_v1_Empty, _depot_auth_v1_GrantModpackAccessRequest__Output, _depot_auth_v1_Empty__Output>
  ListClients: MethodDefinition<_depot_auth_v1_ListClientsRequest, _depot_auth_v1_ListClientsResponse, _depot_auth_v1_ListClientsRequest__Output, _depot_auth_v1_ListClientsResponse__Output>
  ListKeys: MethodDefinition<_depot_auth_v1_ListKeysRequest, _depot_auth_v1_ListKeysResponse, _depot_auth_v1_ListKeysRequest__Output, _depot_auth_v1_ListKeysResponse__Output>
  ListTokens: MethodDefinition<_depot_auth_v1_ListTokensRequest, _depot_auth_v1_ListTokensResponse, _depot_auth_v1_ListTokensRequest__Output, _depot_auth_v1_ListTokensResponse__Output>
  ListUsers: MethodDefinition<_depot_auth_v1_ListUsersRequest, _depot_auth_v1_ListUsersResponse, _depot_auth_v1_ListUsersRequest__Output, _depot_auth_v1_ListUsersResponse__Output>
  ProveIdentity: MethodDefinition<_depot_auth_v1_TwoFactorProofRequest, _depot_auth_v1_Empty, _depot_auth_v1_TwoFactorProofRequest__Output, _depot_auth_v1_Empty__Output>
  RegenerateRecoveryCodes: MethodDefinition<_depot_auth_v1_TwoFactorProofRequest, _depot_auth_v1_RecoveryCodes, _depot_auth_v1_TwoFactorProofRequest__Output, _depot_auth_v1_RecoveryCodes__Output>
  ResetTwoFactor: MethodDefinition<_depot_auth_v1_ResetTwoFactorRequest, _depot_auth_v1_Empty, _depot_auth_v1_ResetTwoFactorRequest__Output, _depot_auth_v1_Empty__Output>
  ResolveLogin: MethodDefinition<_depot_auth_v1_ResolveLoginRequest, _depot_auth_v1_LoginAccount, _depot_auth_v1_ResolveLoginRequest__Output, _depot_auth_v1_LoginAccount__Output>
  ResolveReadAccess: MethodDefinition<_depot_auth_v1_ResolveReadAccessRequest, _depot_auth_v1_ReadAccess, _depot_auth_v1_ResolveReadAccessRequest__Output, _depot_auth_v1_ReadAccess__Output>
  RevokeToken: MethodDefinition<_depot_auth_v1_RevokeTokenRequest, _depot_auth_v1_Empty, _depot_auth_v1_RevokeTokenRequest__Output, _depot_auth_v1_Empty__Output>
  SetPassword: MethodDefinition<_depot_auth_v1_SetPasswordRequest, _depot_auth_v1_SetPasswordResponse, _depot_auth_v1_SetPasswordRequest__Output, _depot_auth_v1_SetPasswordResponse__Output>
  StartTwoFactor: MethodDefinition<_depot_auth_v1_StartTwoFactorRequest, _depot_auth_v1_TwoFactorEnrolment, _depot_auth_v1_StartTwoFactorRequest__Output, _depot_auth_v1_TwoFactorEnrolment__Output>
  UpdateAccount: MethodDefinition<_depot_auth_v1_UpdateAccountRequest, _depot_auth_v1_User, _depot_auth_v1_UpdateAccountRequest__Output, _depot_auth_v1_User__Output>
  UpdateClient: MethodDefinition<_depot_auth_v1_UpdateClientRequest, _depot_auth_v1_Client, _depot_auth_v1_UpdateClientRequest__Output, _depot_auth_v1_Client__Output>
  UpdateUser: MethodDefinition<_depot_auth_v1_UpdateUserRequest, _depot_auth_v1_User, _depot_auth_v1_UpdateUserRequest__Output, _depot_auth_v1_User__Output>
  VerifyKey: MethodDefinition<_depot_auth_v1_VerifyKeyRequest, _depot_auth_v1_VerifyKeyResponse, _depot_auth_v1_VerifyKeyRequest__Output, _depot_auth_v1_VerifyKeyResponse__Output>
}
