package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/dispatch"
	"github.com/dinein/platform/internal/queue"
	"github.com/dinein/platform/internal/store"
)

// CourierEvents applies webhook events from the delivery partner.
type CourierEvents interface {
	StatusChanged(ctx context.Context, evt dispatch.Event) error
	Delivered(ctx context.Context, evt dispatch.Event) error
	Cancelled(ctx context.Context, evt dispatch.Event) error
	Arriving(ctx context.Context, evt dispatch.Event) error
}

type courierEvents struct {
	db        store.DB
	orders    store.OrderRepository
	requests  store.DispatchRepository
	inbox     store.Inbox
	directory store.Directory
	queue     queue.Enqueuer
	notifier  *Notifier
	log       *zap.Logger
}

// NewCourierEvents builds the CourierEvents handler set.
func NewCourierEvents(
	db store.DB,
	orders store.OrderRepository,
	requests store.DispatchRepository,
	inbox store.Inbox,
	directory store.Directory,
	q queue.Enqueuer,
	notifier *Notifier,
	log *zap.Logger,
) *courierEvents {
	return &courierEvents{
		db: db, orders: orders, requests: requests, inbox: inbox, directory: directory,
		queue: q, notifier: notifier, log: log.Named("courier-events"),
	}
}

var partnerStatus = map[string]string{
	"courier_assigned": "courier_assigned",
	"at_pickup":        "courier_assigned",
	"picked_up":        store.OrderPickedUp,
}

func (h *courierEvents) StatusChanged(ctx context.Context, evt dispatch.Event) error {
	to, ok := partnerStatus[evt.Status]
	if !ok {
		h.log.Debug("ignoring partner status", zap.String("status", evt.Status))
		return nil
	}
	return store.WithTx(ctx, h.db, func(tx pgx.Tx) error {
		if _, err := h.orders.AdvanceCourierStatus(ctx, tx, evt.DeliveryID, to); err != nil {
			return err
		}
		return h.requests.MarkStatusByDelivery(ctx, tx, evt.DeliveryID, evt.Status)
	})
}

func (h *courierEvents) Delivered(ctx context.Context, evt dispatch.Event) error {
	o, err := h.orders.GetByDelivery(ctx, h.db, evt.DeliveryID)
	if err != nil {
		return err
	}
	if o.Status == store.OrderDelivered {
		return nil
	}
	if evt.CourierID == "" {
		return fmt.Errorf("delivered event %s has no courier", evt.ID)
	}

	if err := store.WithTx(ctx, h.db, func(tx pgx.Tx) error {
		return h.requests.CreditCourier(ctx, tx, evt.CourierID, evt.PayCents)
	}); err != nil {
		return fmt.Errorf("credit courier: %w", err)
	}

	return store.WithTx(ctx, h.db, func(tx pgx.Tx) error {
		if _, err := h.inbox.ClaimCourier(ctx, tx, evt.ID, evt.DeliveryID, evt.Type); err != nil {
			return err
		}
		ok, err := h.orders.MarkDelivered(ctx, tx, o.ID, evt.CourierID, evt.OccurredAt)
		if err != nil || !ok {
			return err
		}
		if err := h.requests.MarkStatusByDelivery(ctx, tx, evt.DeliveryID, "delivered"); err != nil {
			return err
		}
		_, err = h.queue.EnqueueTx(ctx, tx, queue.LoyaltyArgs{OrderID: o.ID})
		return err
	})
}

func (h *courierEvents) Cancelled(ctx context.Context, evt dispatch.Event) error {
	o, err := h.orders.GetByDelivery(ctx, h.db, evt.DeliveryID)
	if errors.Is(err, store.ErrNotFound) {
		// A delivery we already replaced; nothing to do.
		return nil
	}
	if err != nil {
		return err
	}
	if o.Status == store.OrderCancelled || o.Status == store.OrderRejected || o.Status == store.OrderDelivered {
		return nil
	}
	c, err := h.directory.Customer(ctx, h.db, o.CustomerID)
	if err != nil {
		return err
	}
	if err := h.notifier.Push(ctx, c, "Finding you a new courier",
		"Your courier had to cancel. We're assigning a new one now.",
		map[string]string{"order_id": o.ID.String()}); err != nil {
		h.log.Warn("cancel push failed", zap.Stringer("order", o.ID), zap.Error(err))
		return err
	}

	return store.WithTx(ctx, h.db, func(tx pgx.Tx) error {
		fresh, err := h.inbox.ClaimCourier(ctx, tx, evt.ID, evt.DeliveryID, evt.Type)
		if err != nil || !fresh {
			return err
		}
		if err := h.requests.MarkStatusByDelivery(ctx, tx, evt.DeliveryID, "cancelled"); err != nil {
			return err
		}
		attempt, err := h.requests.CurrentAttempt(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		_, err = h.queue.EnqueueTx(ctx, tx, queue.DispatchArgs{OrderID: o.ID, Attempt: attempt + 1})
		return err
	})
}

func (h *courierEvents) Arriving(ctx context.Context, evt dispatch.Event) error {
	o, err := h.orders.GetByDelivery(ctx, h.db, evt.DeliveryID)
	if err != nil {
		return err
	}
	if o.Status == store.OrderDelivered {
		return nil
	}
	c, err := h.directory.Customer(ctx, h.db, o.CustomerID)
	if err != nil {
		return err
	}
	body := "Your DineIn courier is almost there"
	if evt.ETA != nil {
		body = fmt.Sprintf("Your DineIn courier arrives at %s", evt.ETA.Format("3:04 PM"))
	}
	if o.DropoffNotes != "" {
		body += ". Drop-off notes: " + o.DropoffNotes
	}
	_, err = h.notifier.Text(ctx, c.PhoneE164, body)
	return err
}
