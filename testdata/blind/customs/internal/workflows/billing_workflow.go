package workflows

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

// MonthlyBillingWorkflow invoices every importer for a period and charges
// the invoices.
func MonthlyBillingWorkflow(ctx workflow.Context, in BillingRunInput) ([]string, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 10 * time.Minute,
		RetryPolicy:         defaultRetry,
	})
	var a *BillingActivities

	var invoiceIDs []string
	if err := workflow.ExecuteActivity(ctx, a.GenerateInvoices, in.Period).Get(ctx, &invoiceIDs); err != nil {
		return nil, err
	}

	futures := make([]workflow.Future, 0, len(invoiceIDs))
	for _, id := range invoiceIDs {
		futures = append(futures, workflow.ExecuteActivity(ctx, a.ChargeInvoice, id))
	}
	for i, f := range futures {
		if err := f.Get(ctx, nil); err != nil {
			workflow.GetLogger(ctx).Warn("invoice charge failed", "invoice", invoiceIDs[i], "err", err)
		}
	}
	return invoiceIDs, nil
}
