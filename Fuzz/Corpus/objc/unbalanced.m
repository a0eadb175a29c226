- (void)a { [self b:[c d] e:(f]; } } ) ] [ [ @"x\" ' '\'' #define X(a, b) [a b]
X(