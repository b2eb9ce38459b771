// Package worker is a stub of go.temporal.io/sdk/worker v1.51.0 for analysistest.
package worker

import (
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/internal"
)

type (
	// WorkflowRegistry is trimmed (real one has WithOptions / Dynamic variants).
	WorkflowRegistry interface {
		RegisterWorkflow(w any)
	}

	// ActivityRegistry is trimmed (real one also has RegisterDynamicActivity).
	ActivityRegistry interface {
		RegisterActivity(a any)
		RegisterActivityWithOptions(a any, options activity.RegisterOptions)
	}

	Registry interface {
		WorkflowRegistry
		ActivityRegistry
	}

	Worker interface {
		Registry
		Start() error
		Run(interruptCh <-chan any) error
		Stop()
	}

	Options = internal.WorkerOptions
)

func New(
	client client.Client,
	taskQueue string,
	options Options,
) Worker {
	return nil
}

func InterruptCh() <-chan any { return nil }
