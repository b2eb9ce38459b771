package workflows

import (
	"time"

	"go.temporal.io/sdk/workflow"

	"github.com/tablewise/reservations/internal/temporal/activities"
)

// PayoutInput identifies one restaurant-week. The workflow ID is
// "payout-<restaurant>-<period start>", set by the scheduler.
type PayoutInput struct {
	RestaurantID string
	PeriodStart  time.Time
}

// WeeklyPayoutWorkflow computes, transfers, settles and announces a payout.
func WeeklyPayoutWorkflow(ctx workflow.Context, in PayoutInput) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 2 * time.Minute,
		RetryPolicy:         defaultRetry,
	})

	var a *activities.PayoutActivities
	var ref activities.PayoutRef
	if err := workflow.ExecuteActivity(ctx, a.ComputeWeeklyPayout, in.RestaurantID, in.PeriodStart).Get(ctx, &ref); err != nil {
		return err
	}
	if ref.NetCents <= 0 {
		workflow.GetLogger(ctx).Info("nothing to pay out", "restaurant_id", in.RestaurantID)
		return nil
	}
	if err := workflow.ExecuteActivity(ctx, a.TransferPayout, ref).Get(ctx, nil); err != nil {
		return err
	}
	if err := workflow.ExecuteActivity(ctx, a.SettlePayout, ref).Get(ctx, nil); err != nil {
		return err
	}

	// Notifications are best-effort and run in parallel.
	notify := workflow.ExecuteActivity(ctx, a.NotifyRestaurantOfPayout, ref)
	statement := workflow.ExecuteActivity(ctx, a.SendPayoutStatement, ref)
	if err := notify.Get(ctx, nil); err != nil {
		workflow.GetLogger(ctx).Warn("payout webhook failed", "payout_id", ref.PayoutID, "err", err)
	}
	if err := statement.Get(ctx, nil); err != nil {
		workflow.GetLogger(ctx).Warn("payout statement failed", "payout_id", ref.PayoutID, "err", err)
	}
	return nil
}
