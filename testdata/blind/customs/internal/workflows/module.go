package workflows

import (
	"context"
	"log/slog"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
	"go.uber.org/fx"

	"github.com/harborline/brokerage/internal/platform/config"
)

// RunWorkers registers workflows and activities and runs one worker per
// task queue for the lifetime of the process.
func RunWorkers(lc fx.Lifecycle, c client.Client, cfg *config.Config, decl *DeclarationActivities,
	bill *BillingActivities, log *slog.Logger) {
	dw := worker.New(c, cfg.DeclarationTaskQueue, worker.Options{})
	dw.RegisterWorkflowWithOptions(DeclarationWorkflow, workflow.RegisterOptions{Name: DeclarationWorkflowName})
	dw.RegisterActivity(decl)

	bw := worker.New(c, cfg.BillingTaskQueue, worker.Options{MaxConcurrentActivityExecutionSize: 4})
	bw.RegisterWorkflowWithOptions(MonthlyBillingWorkflow, workflow.RegisterOptions{Name: BillingWorkflowName})
	bw.RegisterActivityWithOptions(bill, activity.RegisterOptions{})

	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			if err := dw.Start(); err != nil {
				return err
			}
			log.Info("temporal workers started",
				"declarations", cfg.DeclarationTaskQueue, "billing", cfg.BillingTaskQueue)
			return bw.Start()
		},
		OnStop: func(context.Context) error {
			bw.Stop()
			dw.Stop()
			return nil
		},
	})
}

// Module provides the activity structs and starts the workers.
var Module = fx.Module("workflows",
	fx.Provide(NewDeclarationActivities, NewBillingActivities),
	fx.Invoke(RunWorkers),
)
