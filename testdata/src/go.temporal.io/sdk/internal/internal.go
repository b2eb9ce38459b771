// Package internal is a stub of go.temporal.io/sdk/internal v1.51.0, where the
// real types aliased by the activity/worker/client packages are defined.
package internal

import (
	"context"
	"time"
)

type WorkflowExecution struct {
	ID    string
	RunID string
}

type WorkflowType struct {
	Name string
}

type ActivityType struct {
	Name string
}

type ActivityInfo struct {
	TaskToken         []byte
	WorkflowType      *WorkflowType
	WorkflowNamespace string
	WorkflowExecution WorkflowExecution
	ActivityID        string
	ActivityRunID     string
	ActivityType      ActivityType
	TaskQueue         string
	Namespace         string
	HeartbeatTimeout  time.Duration
	ScheduledTime     time.Time
	StartedTime       time.Time
	Deadline          time.Time
	Attempt           int32
	IsLocalActivity   bool
}

type RegisterActivityOptions struct {
	Name                          string
	DisableAlreadyRegisteredCheck bool
	SkipInvalidStructFunctions    bool
}

type WorkerOptions struct {
	MaxConcurrentActivityExecutionSize int
}

type ClientOptions struct {
	HostPort  string
	Namespace string
}

func GetActivityInfo(ctx context.Context) ActivityInfo { return ActivityInfo{} }

// StartWorkflowOptions is trimmed to the fields the tests use.
type StartWorkflowOptions struct {
	ID        string
	TaskQueue string
}
