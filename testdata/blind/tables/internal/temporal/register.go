// Package temporal wires workflows and activities onto a worker.
package temporal

import (
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/tablewise/reservations/internal/schedule"
	"github.com/tablewise/reservations/internal/temporal/activities"
	"github.com/tablewise/reservations/internal/temporal/workflows"
)

// Register installs the workflows under their scheduler-facing names and the
// activity structs.
func Register(w worker.Worker, noShow *activities.NoShowActivities, payouts *activities.PayoutActivities) {
	w.RegisterWorkflowWithOptions(workflows.NoShowWorkflow, workflow.RegisterOptions{Name: schedule.NoShowWorkflowName})
	w.RegisterWorkflowWithOptions(workflows.WeeklyPayoutWorkflow, workflow.RegisterOptions{Name: schedule.PayoutWorkflowName})
	w.RegisterActivity(noShow)
	w.RegisterActivity(payouts)
}
