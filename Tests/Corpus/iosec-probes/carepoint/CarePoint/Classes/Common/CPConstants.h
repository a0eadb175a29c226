//
//  CPConstants.h
//  CarePoint
//
//  Created by Dana Whitfield on 3/14/17.
//  Copyright © 2017 CarePoint Health, Inc. All rights reserved.
//

#ifndef CPConstants_h
#define CPConstants_h

#pragma mark - Environment

#if defined(CP_STAGING)
#define kCPAPIBaseURL                   @"https://staging-api.carepoint.example" // staging
#else
#define kCPAPIBaseURL                   @"https://api.carepoint.example" // prod
#endif

#define kCPAPIHost                      [[NSURL URLWithString:kCPAPIBaseURL] host]
#define kCPAPIVersion                   @"v3"
#define kCPTokenHeader                  @"X-CP-Token"
#define kCPClientVersionHeader          @"X-CP-Client-Version"
#define kCPRequestTimeout               30.0 // seconds
#define kCPResourceTimeout              120.0 // seconds, attachments
#define kCPSessionIdleTimeout           (5 * 60) // re-auth after 5 min in background

#pragma mark - App group / sharing

#define kCPAppGroupIdentifier           @"group.com.carepoint.ios"
#define kCPKeychainAccessGroup          @"8QH2K4C9ZP.com.carepoint.ios.shared"

#pragma mark - Keychain

#define kCPKeychainService              @"com.carepoint.ios.session"
#define kCPKeychainAccountToken         @"access-token"
#define kCPKeychainAccountRefresh       @"refresh-token"
#define kCPKeychainAccountPatientID     @"patient-id"
#define kCPKeychainAccountUsername      @"remembered-username"
#define kCPKeychainAccountBiometric     @"biometric-credentials" // SecAccessControl, biometry current set
#define kCPKeychainAccountExportKey     @"export-key-v2"

#pragma mark - Defaults keys

#define kCPDefaultsPreferredClinicID    @"CPPreferredClinicID"
#define kCPDefaultsLastSyncDate         @"CPLastSyncDate"
#define kCPDefaultsRememberUsername     @"CPRememberUsername" // BOOL
#define kCPDefaultsPasswordRulesVersion @"CPPasswordRulesVersion"
#define kCPDefaultsBiometricsEnabled    @"CPBiometricsEnabled"
#define kCPDefaultsLastBackgroundDate   @"CPLastBackgroundDate"

#define kCPSharedDefaultsWidgetToken    @"CPWidgetAccessToken"
#define kCPSharedDefaultsWidgetPatient  @"CPWidgetPatientID"

#pragma mark - Password policy

#define kCPPasswordMinLength            10
#define kCPPasswordRulesVersion         4 // bump when backend rules change
#define kCPPasswordResetPath            @"auth/password/reset"

#pragma mark - Storage

#define kCPDatabaseFileName             @"carepoint.sqlite"
#define kCPRecordsTable                 "medical_records"
#define kCPCacheDirectoryName           @"CPResponseCache"
#define kCPExportDirectoryName          @"Exports"
#define kCPSearchResultLimit            50
#define kCPRecentRecordsLimit           25
#define kCPExportRetentionDays          7

#pragma mark - Certificate pinning

// SHA-256 of SubjectPublicKeyInfo, base64. Rotate together with backend (OPS-1142).
#define kCPPinnedKeyHashPrimary         @"q3Xc1Tn8Vb0eYzL2mK9wR4pJ7sHdA6fGuNiE5oC+tBk="
#define kCPPinnedKeyHashBackup          @"Zr7kP2mW9xQ4vN1bL8cT5yH3jF6sD0aGeU+RiOoKwMI="

#endif /* CPConstants_h */
