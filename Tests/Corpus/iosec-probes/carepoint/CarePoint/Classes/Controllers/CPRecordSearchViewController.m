//
//  CPRecordSearchViewController.m
//  CarePoint
//
//  Created by Kevin Stroud on 10/3/18.
//  Copyright © 2018 CarePoint Health, Inc. All rights reserved.
//

#import "CPRecordSearchViewController.h"
#import "CPRecordStore.h"
#import "CPRecordExporter.h"
#import "CPMedicalRecord.h"
#import "CPAPIClient.h"
#import "CPSessionManager.h"

static NSString * const kCPRecordCellID = @"CPRecordCell";
static NSTimeInterval const kCPSearchDebounce = 0.25;

@interface CPRecordSearchViewController () <UISearchResultsUpdating, UISearchBarDelegate>
@property (nonatomic, strong) UISearchController *searchController;
@property (nonatomic, copy) NSArray<CPMedicalRecord *> *records;
@property (nonatomic, strong) CPRecordExporter *exporter;
@property (nonatomic, strong) NSDateFormatter *dateFormatter;
@end

@implementation CPRecordSearchViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = NSLocalizedString(@"records.title", nil);
    self.exporter = [[CPRecordExporter alloc] init];

    self.dateFormatter = [[NSDateFormatter alloc] init];
    self.dateFormatter.dateStyle = NSDateFormatterMediumStyle;

    self.searchController = [[UISearchController alloc] initWithSearchResultsController:nil];
    self.searchController.searchResultsUpdater = self;
    self.searchController.obscuresBackgroundDuringPresentation = NO;
    self.searchController.searchBar.placeholder = NSLocalizedString(@"records.search.placeholder", nil);
    self.searchController.searchBar.autocorrectionType = UITextAutocorrectionTypeNo;
    self.searchController.searchBar.delegate = self;
    self.navigationItem.searchController = self.searchController;
    self.definesPresentationContext = YES;

    self.navigationItem.rightBarButtonItem = [[UIBarButtonItem alloc] initWithTitle:NSLocalizedString(@"records.export", nil)
                                                                              style:UIBarButtonItemStylePlain
                                                                             target:self
                                                                             action:@selector(exportAllTapped:)];

    [self.tableView registerClass:[UITableViewCell class] forCellReuseIdentifier:kCPRecordCellID];
    self.refreshControl = [[UIRefreshControl alloc] init];
    [self.refreshControl addTarget:self action:@selector(syncRecords) forControlEvents:UIControlEventValueChanged];

    self.records = [[CPRecordStore sharedStore] recentRecordsWithLimit:kCPRecentRecordsLimit];
    [self syncRecords];
}

#pragma mark - Sync

- (void)syncRecords {
    NSDate *lastSync = [[NSUserDefaults standardUserDefaults] objectForKey:kCPDefaultsLastSyncDate];
    NSMutableDictionary *params = [NSMutableDictionary dictionary];
    if (lastSync) {
        params[@"since"] = [NSString stringWithFormat:@"%.0f", lastSync.timeIntervalSince1970];
    }
    NSString *clinic = [[NSUserDefaults standardUserDefaults] stringForKey:kCPDefaultsPreferredClinicID];
    if (clinic.length > 0) {
        params[@"clinic_id"] = clinic;
    }

    NSString *path = [NSString stringWithFormat:@"patients/%@/records", [CPSessionManager sharedManager].patientID];
    [[CPAPIClient sharedClient] GET:path parameters:params completion:^(id json, NSHTTPURLResponse *response, NSError *error) {
        [self.refreshControl endRefreshing];
        NSArray *items = [json isKindOfClass:[NSDictionary class]] ? json[@"records"] : nil;
        if (![items isKindOfClass:[NSArray class]]) {
            if (error) {
                NSLog(@"CPRecordSearch: sync failed (%@ %ld)", error.domain, (long)error.code);
            }
            return;
        }

        NSMutableArray *parsed = [NSMutableArray arrayWithCapacity:items.count];
        for (NSDictionary *item in items) {
            CPMedicalRecord *record = [item isKindOfClass:[NSDictionary class]] ? [[CPMedicalRecord alloc] initWithDictionary:item] : nil;
            if (record) {
                [parsed addObject:record];
            }
        }
        [[CPRecordStore sharedStore] saveRecords:parsed error:NULL];
        [self reloadForSearchText:self.searchController.searchBar.text];
    }];
}

#pragma mark - Search

- (void)updateSearchResultsForSearchController:(UISearchController *)searchController {
    [NSObject cancelPreviousPerformRequestsWithTarget:self selector:@selector(reloadForSearchText:) object:nil];
    [self performSelector:@selector(reloadForSearchText:) withObject:searchController.searchBar.text afterDelay:kCPSearchDebounce];
}

- (void)searchBarCancelButtonClicked:(UISearchBar *)searchBar {
    [self reloadForSearchText:nil];
}

- (void)reloadForSearchText:(nullable NSString *)text {
    NSString *query = text ?: @"";
    dispatch_async(dispatch_get_global_queue(QOS_CLASS_USER_INITIATED, 0), ^{
        NSArray *results = [[CPRecordStore sharedStore] recordsMatchingSearchText:query];
        dispatch_async(dispatch_get_main_queue(), ^{
            self.records = results;
            [self.tableView reloadData];
        });
    });
}

#pragma mark - Table

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return self.records.count;
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    UITableViewCell *cell = [tableView dequeueReusableCellWithIdentifier:kCPRecordCellID forIndexPath:indexPath];
    CPMedicalRecord *record = self.records[indexPath.row];
    UIListContentConfiguration *content = [UIListContentConfiguration subtitleCellConfiguration];
    content.text = record.title;
    content.secondaryText = [NSString stringWithFormat:@"%@ · %@", record.providerName ?: @"",
                             [self.dateFormatter stringFromDate:record.visitDate]];
    cell.contentConfiguration = content;
    return cell;
}

- (UISwipeActionsConfiguration *)tableView:(UITableView *)tableView trailingSwipeActionsConfigurationForRowAtIndexPath:(NSIndexPath *)indexPath {
    CPMedicalRecord *record = self.records[indexPath.row];
    __weak typeof(self) weakSelf = self;
    UIContextualAction *share = [UIContextualAction contextualActionWithStyle:UIContextualActionStyleNormal
                                                                        title:NSLocalizedString(@"records.share", nil)
                                                                      handler:^(UIContextualAction *action, UIView *sourceView, void (^done)(BOOL)) {
        [weakSelf shareRecord:record fromView:sourceView];
        done(YES);
    }];
    share.backgroundColor = [UIColor systemTealColor];
    return [UISwipeActionsConfiguration configurationWithActions:@[share]];
}

#pragma mark - Export / share

- (void)shareRecord:(CPMedicalRecord *)record fromView:(UIView *)sourceView {
    NSError *error = nil;
    NSURL *fileURL = [self.exporter shareableFileForRecord:record error:&error];
    if (!fileURL) {
        NSLog(@"CPRecordSearch: share failed (%ld)", (long)error.code);
        return;
    }
    UIActivityViewController *activity = [[UIActivityViewController alloc] initWithActivityItems:@[fileURL] applicationActivities:nil];
    activity.excludedActivityTypes = @[UIActivityTypePostToFacebook, UIActivityTypePostToTwitter, UIActivityTypeAssignToContact];
    activity.popoverPresentationController.sourceView = sourceView;
    [self presentViewController:activity animated:YES completion:nil];
}

- (void)exportAllTapped:(UIBarButtonItem *)sender {
    NSArray *all = [[CPRecordStore sharedStore] recentRecordsWithLimit:500];
    NSError *error = nil;
    NSURL *archive = [self.exporter exportRecords:all error:&error];
    NSString *message = archive ? NSLocalizedString(@"records.export.done", nil) : NSLocalizedString(@"login.error.generic", nil);
    UIAlertController *alert = [UIAlertController alertControllerWithTitle:nil message:message preferredStyle:UIAlertControllerStyleAlert];
    [alert addAction:[UIAlertAction actionWithTitle:NSLocalizedString(@"common.ok", nil) style:UIAlertActionStyleDefault handler:nil]];
    [self presentViewController:alert animated:YES completion:nil];
    [self.exporter purgeExpiredExports];
}

@end
