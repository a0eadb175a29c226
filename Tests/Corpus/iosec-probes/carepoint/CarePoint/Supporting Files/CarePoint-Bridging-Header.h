//
//  Use this file to import your target's public headers that you would like to expose to Swift.
//

#import "CPConstants.h"
#import "CPAppointment.h"
#import "CPMedicalRecord.h"
#import "CPPinningSessionDelegate.h"
#import "CPAPIClient.h"
#import "CPSessionManager.h"
#import "CPRecordStore.h"
