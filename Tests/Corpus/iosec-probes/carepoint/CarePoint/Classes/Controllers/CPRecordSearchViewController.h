//
//  CPRecordSearchViewController.h
//  CarePoint
//
//  Created by Kevin Stroud on 10/3/18.
//  Copyright © 2018 CarePoint Health, Inc. All rights reserved.
//

#import <UIKit/UIKit.h>

NS_ASSUME_NONNULL_BEGIN

@interface CPRecordSearchViewController : UITableViewController

@end

NS_ASSUME_NONNULL_END
