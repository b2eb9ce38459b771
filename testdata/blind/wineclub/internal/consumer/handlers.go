package consumer

import (
	"context"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/billing"
	"github.com/vinoteca/wineclub/internal/events"
	"github.com/vinoteca/wineclub/internal/fulfillment"
	"github.com/vinoteca/wineclub/internal/store"
)

// Deps are the services the handlers call.
type Deps struct {
	DB          *gorm.DB
	Processed   *store.Processed
	Billing     *billing.Service
	Fulfillment *fulfillment.Service
}

// NewTable builds the handler table.
func NewTable(d Deps) Table {
	return Table{
		events.PaymentSucceeded: Typed(func(ctx context.Context, _ events.Envelope, data events.PaymentSucceededData) error {
			return d.Fulfillment.CreateForPayment(ctx, data)
		}),
		events.PaymentRefunded: once(d.DB, d.Processed, "billing.refunds",
			Typed(func(ctx context.Context, _ events.Envelope, data events.PaymentRefundedData) error {
				return d.Billing.ReturnAppliedCredit(ctx, data)
			})),
		events.ShipmentReady: Typed(func(ctx context.Context, _ events.Envelope, data events.ShipmentReadyData) error {
			id, err := uuid.Parse(data.ShipmentID)
			if err != nil {
				return err
			}
			_, err = d.Fulfillment.PurchaseLabel(ctx, id, fulfillment.WithRequestKey("label/"+data.ShipmentID))
			return err
		}),
		events.ShipmentLabelPurchased: Typed(func(ctx context.Context, _ events.Envelope, data events.LabelPurchasedData) error {
			return d.Fulfillment.SchedulePickup(ctx, data)
		}),
		events.ShipmentDelivered: Typed(func(ctx context.Context, _ events.Envelope, data events.DeliveredData) error {
			return d.Fulfillment.RecordDelivery(ctx, data)
		}),
		events.ShipmentReturned: Typed(func(ctx context.Context, env events.Envelope, data events.ReturnedData) error {
			return d.Fulfillment.ProcessReturn(ctx, env.ID, data)
		}),
	}
}

// once skips envelopes this consumer has already handled.
func once(db *gorm.DB, processed *store.Processed, name string, next Handler) Handler {
	return func(ctx context.Context, env events.Envelope) error {
		done, err := processed.Exists(db.WithContext(ctx), name, env.ID)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		if err := next(ctx, env); err != nil {
			return err
		}
		return processed.Mark(db.WithContext(ctx), name, env.ID)
	}
}
