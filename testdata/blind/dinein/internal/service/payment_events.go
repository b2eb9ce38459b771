package service

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"github.com/dinein/platform/internal/queue"
	"github.com/dinein/platform/internal/store"
)

// DisputeInfo is the part of a Stripe dispute the platform keeps.
type DisputeInfo struct {
	ID            string
	IntentID      string
	AmountCents   int64
	Reason        string
	Status        string
	EvidenceDueBy *time.Time
}

// RefundInfo describes a refund reported by Stripe.
type RefundInfo struct {
	RefundID    string
	IntentID    string
	AmountCents int64
}

// PaymentEvents applies Stripe webhook events.
type PaymentEvents interface {
	PaymentSucceeded(ctx context.Context, eventID, intentID string) error
	DisputeCreated(ctx context.Context, d DisputeInfo) error
	RefundCreated(ctx context.Context, r RefundInfo) error
}

type paymentEvents struct {
	db            store.DB
	orders        store.OrderRepository
	payments      store.PaymentRepository
	ledger        store.LedgerRepository
	disputes      store.DisputeRepository
	notifications store.NotificationRepository
	directory     store.Directory
	inbox         store.Inbox
	queue         queue.Enqueuer
}

// PaymentEventDeps are the collaborators of the Stripe event handlers.
type PaymentEventDeps struct {
	fx.In

	DB            store.DB
	Orders        store.OrderRepository
	Payments      store.PaymentRepository
	Ledger        store.LedgerRepository
	Disputes      store.DisputeRepository
	Notifications store.NotificationRepository
	Directory     store.Directory
	Inbox         store.Inbox
	Queue         queue.Enqueuer
}

// NewPaymentEvents builds the PaymentEvents handler set.
func NewPaymentEvents(d PaymentEventDeps) *paymentEvents {
	return &paymentEvents{
		db: d.DB, orders: d.Orders, payments: d.Payments, ledger: d.Ledger, disputes: d.Disputes,
		notifications: d.Notifications, directory: d.Directory, inbox: d.Inbox, queue: d.Queue,
	}
}

func (h *paymentEvents) PaymentSucceeded(ctx context.Context, eventID, intentID string) error {
	return store.WithTx(ctx, h.db, func(tx pgx.Tx) error {
		fresh, err := h.inbox.ClaimStripe(ctx, tx, eventID, "payment_intent.succeeded")
		if err != nil || !fresh {
			return err
		}
		attempt, err := h.payments.GetAttemptByIntent(ctx, tx, intentID)
		if errors.Is(err, store.ErrNotFound) {
			// Tips and other charges without an attempt row.
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := h.payments.MarkAttempt(ctx, tx, intentID, "succeeded", nil); err != nil {
			return err
		}
		o, err := h.orders.Transition(ctx, tx, attempt.OrderID, []string{store.OrderPendingPayment}, store.OrderPlaced)
		if errors.Is(err, store.ErrConflict) {
			return nil
		}
		if err != nil {
			return err
		}
		rest, err := h.directory.Restaurant(ctx, tx, o.RestaurantID)
		if err != nil {
			return err
		}
		if _, err := h.ledger.RecordSale(ctx, tx, &store.LedgerEntry{
			ID:           uuid.New(),
			RestaurantID: o.RestaurantID,
			OrderID:      &o.ID,
			AmountCents:  restaurantShare(o.SubtotalCents, rest.CommissionBPS),
		}); err != nil {
			return err
		}
		cust, err := h.directory.Customer(ctx, tx, o.CustomerID)
		if err != nil {
			return err
		}
		n, err := h.notifications.Enqueue(ctx, tx, &store.Notification{
			ID:        uuid.New(),
			Channel:   "sms",
			Recipient: cust.PhoneE164,
			Template:  "order_confirmed",
			Body:      "Thanks! " + rest.Name + " has your order " + shortID(o.ID) + ".",
			DedupeKey: "order-confirmed:" + o.ID.String(),
		})
		if err != nil {
			return err
		}
		_, err = h.queue.EnqueueTx(ctx, tx, queue.SMSArgs{NotificationID: n.ID})
		return err
	})
}

func (h *paymentEvents) DisputeCreated(ctx context.Context, d DisputeInfo) error {
	return store.WithTx(ctx, h.db, func(tx pgx.Tx) error {
		attempt, err := h.payments.GetAttemptByIntent(ctx, tx, d.IntentID)
		if err != nil {
			return err
		}
		o, err := h.orders.Get(ctx, tx, attempt.OrderID)
		if err != nil {
			return err
		}
		if err := h.disputes.Insert(ctx, tx, &store.Dispute{
			StripeDisputeID: d.ID,
			OrderID:         o.ID,
			AmountCents:     d.AmountCents,
			Reason:          d.Reason,
			Status:          d.Status,
			EvidenceDueBy:   d.EvidenceDueBy,
		}); err != nil {
			return err
		}
		return h.ledger.Append(ctx, tx, &store.LedgerEntry{
			ID:           uuid.New(),
			RestaurantID: o.RestaurantID,
			OrderID:      &o.ID,
			EntryType:    "dispute_hold",
			AmountCents:  -min(d.AmountCents, o.SubtotalCents),
		})
	})
}

// RefundCreated claws back the restaurant's share of a refunded order.
func (h *paymentEvents) RefundCreated(ctx context.Context, r RefundInfo) error {
	attempt, err := h.payments.GetAttemptByIntent(ctx, h.db, r.IntentID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	o, err := h.orders.Get(ctx, h.db, attempt.OrderID)
	if err != nil {
		return err
	}
	rest, err := h.directory.Restaurant(ctx, h.db, o.RestaurantID)
	if err != nil {
		return err
	}
	share := restaurantShare(min(r.AmountCents, o.SubtotalCents), rest.CommissionBPS)
	return h.ledger.Append(ctx, h.db, &store.LedgerEntry{
		ID:           uuid.New(),
		RestaurantID: o.RestaurantID,
		OrderID:      &o.ID,
		EntryType:    "refund",
		AmountCents:  -share,
	})
}
