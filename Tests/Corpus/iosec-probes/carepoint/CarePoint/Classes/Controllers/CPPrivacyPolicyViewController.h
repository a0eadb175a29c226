//
//  CPPrivacyPolicyViewController.h
//  CarePoint
//
//  Created by Priya Raman on 5/24/18.
//  Copyright © 2018 CarePoint Health, Inc. All rights reserved.
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

/// Shows the privacy policy bundled with the app (Resources/Legal/privacy.html).
@interface CPPrivacyPolicyViewController : UIViewController

@end

NS_ASSUME_NONNULL_END
