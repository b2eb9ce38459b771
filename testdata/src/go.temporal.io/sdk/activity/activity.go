// Package activity is a stub of go.temporal.io/sdk/activity v1.51.0 for analysistest.
package activity

import (
	"context"

	"go.temporal.io/sdk/internal"
)

type (
	// Info is an alias of internal.ActivityInfo, as in the real package.
	Info            = internal.ActivityInfo
	RegisterOptions = internal.RegisterActivityOptions
)

func GetInfo(ctx context.Context) Info                        { return internal.GetActivityInfo(ctx) }
func RecordHeartbeat(ctx context.Context, details ...any)     {}
func HasHeartbeatDetails(ctx context.Context) bool            { return false }
func GetHeartbeatDetails(ctx context.Context, d ...any) error { return nil }
func IsActivity(ctx context.Context) bool                     { return false }
