//
//  Hearth-Bridging-Header.h
//  Hearth
//
//  Use this file to import your target's public headers that you would like to expose to Swift.
//

#import "HRConstants.h"
#import "HRLogging.h"
#import "HRKeychain.h"
#import "HRHubTrustEvaluator.h"
#import "NSData+HRCrypto.h"
#import "HRAPIClient.h"
#import "HROAuthTokenRefresher.h"
#import "HRHubConnection.h"
#import "HRFirmwareDownloader.h"
#import "HRDatabase.h"
#import "HREventStore.h"
#import "HRSnapshotCache.h"
