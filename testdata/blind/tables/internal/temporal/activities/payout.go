package activities

import (
	"context"
	"time"

	"go.temporal.io/sdk/activity"

	"github.com/tablewise/reservations/internal/payout"
)

// PayoutActivities are the steps of the weekly payout workflow.
type PayoutActivities struct {
	Payouts payout.Service
}

// PayoutRef is passed between payout steps.
type PayoutRef struct {
	PayoutID string
	NetCents int64
}

// ComputeWeeklyPayout creates the payout row for the period.
func (a *PayoutActivities) ComputeWeeklyPayout(ctx context.Context, restaurantID string, periodStart time.Time) (PayoutRef, error) {
	p, err := a.Payouts.Compute(ctx, restaurantID, periodStart)
	if err != nil {
		return PayoutRef{}, err
	}
	activity.GetLogger(ctx).Info("payout computed", "payout_id", p.ID, "net_cents", p.NetCents)
	return PayoutRef{PayoutID: p.ID, NetCents: p.NetCents}, nil
}

// TransferPayout sends the money to the connected account.
func (a *PayoutActivities) TransferPayout(ctx context.Context, ref PayoutRef) error {
	_, err := a.Payouts.Transfer(ctx, ref.PayoutID)
	return err
}

// SettlePayout books the transfer against the restaurant balance.
func (a *PayoutActivities) SettlePayout(ctx context.Context, ref PayoutRef) error {
	return a.Payouts.Settle(ctx, ref.PayoutID)
}

// NotifyRestaurantOfPayout posts the payout.paid webhook.
func (a *PayoutActivities) NotifyRestaurantOfPayout(ctx context.Context, ref PayoutRef) error {
	return a.Payouts.NotifyRestaurant(ctx, ref.PayoutID)
}

// SendPayoutStatement texts the manager a summary.
func (a *PayoutActivities) SendPayoutStatement(ctx context.Context, ref PayoutRef) error {
	return a.Payouts.SendStatement(ctx, ref.PayoutID)
}
