package consumers

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/freshpress/laundry/internal/billing"
	"github.com/freshpress/laundry/internal/dispatch"
	"github.com/freshpress/laundry/internal/events"
	"github.com/freshpress/laundry/internal/notify"
	"github.com/freshpress/laundry/internal/plant"
	"github.com/freshpress/laundry/internal/store"
)

// Group names double as Kafka consumer group ids.
const (
	GroupBilling       = "laundry-billing"
	GroupDispatch      = "laundry-dispatch"
	GroupLoyalty       = "laundry-loyalty"
	GroupNotifications = "laundry-notifications"
	GroupPlant         = "laundry-plant-intake"
)

func orderID(env events.Envelope) (uuid.UUID, error) {
	id, err := uuid.Parse(env.OrderID)
	if err != nil {
		return uuid.Nil, &events.PermanentError{Err: fmt.Errorf("event %s: order id %q: %w", env.ID, env.OrderID, err)}
	}
	return id, nil
}

func customerID(env events.Envelope) (uuid.UUID, error) {
	id, err := uuid.Parse(env.CustomerID)
	if err != nil {
		return uuid.Nil, &events.PermanentError{Err: fmt.Errorf("event %s: customer id %q: %w", env.ID, env.CustomerID, err)}
	}
	return id, nil
}

func newDispatcher(name string, log *slog.Logger) *events.Dispatcher[events.Envelope] {
	d := events.NewDispatcher[events.Envelope](name, events.EnvelopeType)
	d.Use(func(t string, next events.Handler[events.Envelope]) events.Handler[events.Envelope] {
		return func(ctx context.Context, env events.Envelope) error {
			log.Debug("event", "group", name, "type", t, "id", env.ID, "order_id", env.OrderID)
			return next(ctx, env)
		}
	})
	return d
}

// Billing captures payment for delivered orders.
func Billing(svc *billing.Service, log *slog.Logger) *events.Dispatcher[events.Envelope] {
	return newDispatcher(GroupBilling, log).
		On(events.OrderDelivered, func(ctx context.Context, env events.Envelope) error {
			id, err := orderID(env)
			if err != nil {
				return err
			}
			return svc.CaptureOrder(ctx, id)
		})
}

// Dispatch rebooks failed pickups and pays driver tips after delivery.
func Dispatch(svc *dispatch.Service, log *slog.Logger) *events.Dispatcher[events.Envelope] {
	return newDispatcher(GroupDispatch, log).
		On(events.PickupFailed, events.Decode(func(ctx context.Context, env events.Envelope, d events.PickupFailedData) error {
			id, err := orderID(env)
			if err != nil {
				return err
			}
			return svc.RebookPickup(ctx, id, d.Reason)
		})).
		On(events.OrderDelivered, events.Decode(func(ctx context.Context, env events.Envelope, d events.OrderDeliveredData) error {
			id, err := orderID(env)
			if err != nil {
				return err
			}
			return svc.PayDriverTip(ctx, id, d.DriverID, d.BookingID)
		}))
}

// Plant opens the plant intake once the courier has the bags.
func Plant(svc *plant.Service, log *slog.Logger) *events.Dispatcher[events.Envelope] {
	return newDispatcher(GroupPlant, log).
		On(events.PickupCompleted, events.Decode(func(ctx context.Context, env events.Envelope, d events.PickupCompletedData) error {
			id, err := orderID(env)
			if err != nil {
				return err
			}
			return svc.OpenIntake(ctx, id, d.Bags)
		}))
}

// Notifications sends customer SMS for order milestones.
func Notifications(sms *notify.SMSClient, sent store.Notifications, log *slog.Logger) *events.Dispatcher[events.Envelope] {
	return newDispatcher(GroupNotifications, log).
		On(events.OrderPlaced, events.Decode(func(ctx context.Context, env events.Envelope, d events.OrderPlacedData) error {
			id, err := orderID(env)
			if err != nil {
				return err
			}
			body := fmt.Sprintf("FreshPress: order received. We'll collect between %s and %s on %s.",
				d.PickupFrom.Local().Format("15:04"), d.PickupTo.Local().Format("15:04"),
				d.PickupFrom.Local().Format("Mon 2 Jan"))
			res, err := sms.Send(ctx, d.Phone, body, "order-placed:"+id.String())
			if err != nil {
				return err
			}
			return sent.Record(ctx, &store.Notification{
				OrderID:           id,
				Kind:              "order_placed",
				Channel:           "sms",
				ProviderMessageID: &res.MessageID,
			})
		}))
}
