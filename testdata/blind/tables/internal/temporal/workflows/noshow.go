// Package workflows defines the Temporal workflows run by cmd/worker.
package workflows

import (
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/tablewise/reservations/internal/noshow"
	"github.com/tablewise/reservations/internal/schedule"
	"github.com/tablewise/reservations/internal/temporal/activities"
)

var defaultRetry = &temporal.RetryPolicy{
	InitialInterval:    5 * time.Second,
	BackoffCoefficient: 2,
	MaximumInterval:    10 * time.Minute,
	MaximumAttempts:    25,
}

// NoShowWorkflow waits until the slot (plus grace) is over and, if the party
// never arrived, records the no-show, charges the fee and tells the diner.
func NoShowWorkflow(ctx workflow.Context, in schedule.NoShowInput) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: time.Minute,
		RetryPolicy:         defaultRetry,
	})
	log := workflow.GetLogger(ctx)

	if wait := in.EndsAt.Add(in.Grace).Sub(workflow.Now(ctx)); wait > 0 {
		if err := workflow.Sleep(ctx, wait); err != nil {
			return err
		}
	}

	var a *activities.NoShowActivities
	var att noshow.Attendance
	if err := workflow.ExecuteActivity(ctx, a.CheckAttendance, in.BookingID).Get(ctx, &att); err != nil {
		return err
	}
	if !att.NoShow {
		log.Info("party attended or booking closed", "booking_id", in.BookingID, "status", att.Status)
		return nil
	}

	var rec noshow.Recorded
	if err := workflow.ExecuteActivity(ctx, a.RecordNoShow, in.BookingID).Get(ctx, &rec); err != nil {
		return err
	}

	var fee noshow.FeeCharge
	if err := workflow.ExecuteActivity(ctx, a.ChargeNoShowFee, in.BookingID).Get(ctx, &fee); err != nil {
		log.Warn("no-show fee not charged", "booking_id", in.BookingID, "err", err)
		return nil
	}
	if !fee.Charged {
		return nil
	}
	return workflow.ExecuteActivity(ctx, a.NotifyDinerOfFee, in.BookingID).Get(ctx, nil)
}
