// Package temporalx holds workflow names and the narrow client interface the
// services use to start workflows, so that services need not import the
// workflow implementations.
package temporalx

import (
	"context"
	"errors"

	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/client"
)

const (
	GiftCardIssuanceWorkflow = "GiftCardIssuance"
	StatementWorkflow        = "MemberStatement"
	PointsExpiryWorkflow     = "PointsExpiry"
)

// Starter is the part of client.Client used to start workflows.
type Starter interface {
	ExecuteWorkflow(ctx context.Context, options client.StartWorkflowOptions, workflow interface{}, args ...interface{}) (client.WorkflowRun, error)
}

// IsAlreadyStarted reports whether err means a workflow with that id exists.
func IsAlreadyStarted(err error) bool {
	var already *serviceerror.WorkflowExecutionAlreadyStarted
	return errors.As(err, &already)
}

// StatementInput is the argument of StatementWorkflow.
type StatementInput struct {
	MemberID string
	Period   string // YYYY-MM
	Resend   bool
}
