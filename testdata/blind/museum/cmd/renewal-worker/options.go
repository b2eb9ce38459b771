package main

import (
	"go.temporal.io/sdk/workflow"

	"github.com/northgate-museums/visitor-platform/internal/renewal"
)

func workflowOptions() workflow.RegisterOptions {
	return workflow.RegisterOptions{Name: renewal.WorkflowName}
}
