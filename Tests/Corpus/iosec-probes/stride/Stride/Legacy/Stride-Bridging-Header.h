//
//  Stride-Bridging-Header.h
//  Stride
//
//  Objective-C sources carried over from Stride 1.x.
//

#import "STRLegacySyncClient.h"
#import "STRAnalyticsQueue.h"
