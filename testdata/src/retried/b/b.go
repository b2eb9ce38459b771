// Package b declares an activity that another package registers.
package b

import "context"

func Charge(ctx context.Context, orderID string) error { return nil }
