//
//  Use this file to import your target's public headers that you would like to expose to Swift.
//

#import "DDConstants.h"
#import "DDAPIClient.h"
#import "DDSessionManager.h"
#import "DDAddressBook.h"
#import "DDPaymentMethodStore.h"
#import "DDCardEntryViewController.h"
#import "DDAnalytics.h"
#import "DDDeepLinkRouter.h"
