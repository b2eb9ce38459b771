package shipping

import (
	"context"
	"fmt"
	"time"

	"github.com/kestrelvet/refillrx/internal/courier"
	"github.com/kestrelvet/refillrx/internal/jobs"
	"github.com/kestrelvet/refillrx/internal/notify"
)

var exceptionReasons = map[string]string{
	"NO_ACCESS":     "no one was available to sign",
	"ADDRESS_ISSUE": "there was a problem with the address",
	"DAMAGED":       "the parcel was damaged",
}

func nextWorkingDay(t time.Time) time.Time {
	d := t.AddDate(0, 0, 1)
	for d.Weekday() == time.Saturday || d.Weekday() == time.Sunday {
		d = d.AddDate(0, 0, 1)
	}
	return d
}

// FollowUpException books a redelivery and tells the owner. attemptKey must
// be stable across retries of the same job; complete is called inside the
// transaction that schedules the owner's message so both land together.
func (s *Service) FollowUpException(ctx context.Context, attemptKey string, args jobs.CourierExceptionArgs,
	complete func(ctx context.Context) error) error {
	sh, err := s.shipments.Shipment(ctx, args.ShipmentID)
	if err != nil {
		return err
	}
	order, err := s.orders.Get(ctx, sh.OrderID)
	if err != nil {
		return err
	}
	owner, err := s.orders.Owner(ctx, order.OwnerID)
	if err != nil {
		return err
	}
	date := nextWorkingDay(s.clock()).Format("2006-01-02")
	if args.Code != "DAMAGED" {
		if _, err := s.courier.RescheduleDelivery(ctx, sh.CourierShipmentID, courier.RescheduleRequest{
			IdempotencyKey: "redeliver:" + attemptKey,
			Date:           date,
		}); err != nil {
			return fmt.Errorf("reschedule %s: %w", sh.TrackingNumber, err)
		}
	}
	reason, ok := exceptionReasons[args.Code]
	if !ok {
		reason = args.Detail
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.notifier.Schedule(ctx, notify.ForOwner(owner, "delivery_exception", map[string]any{
			"OrderID": order.ID, "Reason": reason, "Date": date,
		})); err != nil {
			return err
		}
		return complete(ctx)
	})
}
