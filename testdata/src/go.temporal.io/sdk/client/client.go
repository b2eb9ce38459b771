// Package client is a stub of go.temporal.io/sdk/client v1.51.0 for analysistest.
package client

import (
	"context"

	"go.temporal.io/sdk/internal"
)

type Options = internal.ClientOptions

type StartWorkflowOptions = internal.StartWorkflowOptions

// Client is trimmed; the real interface has many more methods.
type Client interface {
	Close()
	ExecuteWorkflow(ctx context.Context, options StartWorkflowOptions, workflow interface{}, args ...interface{}) (interface{}, error)
}

func Dial(options Options) (Client, error) { return nil, nil }
