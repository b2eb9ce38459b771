// Package activities holds the Temporal activity implementations. Each
// struct is registered whole with worker.RegisterActivity, so its exported
// methods become activity types named after the method.
package activities

import (
	"context"

	"go.temporal.io/sdk/activity"

	"github.com/tablewise/reservations/internal/noshow"
	"github.com/tablewise/reservations/internal/payments"
)

// NoShowActivities run after a booking's slot has ended.
type NoShowActivities struct {
	NoShow noshow.Service
}

// CheckAttendance reports whether the party never showed up.
func (a *NoShowActivities) CheckAttendance(ctx context.Context, bookingID string) (noshow.Attendance, error) {
	return a.NoShow.CheckAttendance(ctx, bookingID)
}

// RecordNoShow adds the strike and marks the booking.
func (a *NoShowActivities) RecordNoShow(ctx context.Context, bookingID string) (noshow.Recorded, error) {
	rec, err := a.NoShow.RecordNoShow(ctx, bookingID)
	if err != nil {
		return noshow.Recorded{}, err
	}
	activity.GetLogger(ctx).Info("no-show recorded", "booking_id", bookingID, "strikes", rec.Strikes, "blocked", rec.Blocked)
	return rec, nil
}

// ChargeNoShowFee charges the fee. The idempotency key is derived from the
// workflow and activity IDs, which stay the same across activity retries.
func (a *NoShowActivities) ChargeNoShowFee(ctx context.Context, bookingID string) (noshow.FeeCharge, error) {
	info := activity.GetInfo(ctx)
	key := payments.Key("noshow-fee", info.WorkflowExecution.ID, info.ActivityID)
	return a.NoShow.ChargeFee(ctx, bookingID, key)
}

// NotifyDinerOfFee texts the diner about the fee.
func (a *NoShowActivities) NotifyDinerOfFee(ctx context.Context, bookingID string) error {
	return a.NoShow.NotifyFee(ctx, bookingID)
}
