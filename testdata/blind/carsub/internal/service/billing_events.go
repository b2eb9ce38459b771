package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/drivewise/carsub/internal/domain"
	"github.com/drivewise/carsub/internal/providers/notifier"
)

// ErrPoisonMessage marks messages that can never be processed; consumers
// drop them instead of retrying.
var ErrPoisonMessage = errors.New("poison message")

const billingConsumer = "billing-events"

type billingHandler func(ctx context.Context, evt domain.BillingEvent) error

// BillingEvents applies Paywell events relayed to the billing queue.
type BillingEvents struct {
	tx        Transactor
	subs      SubscriptionRepository
	customers CustomerRepository
	charges   ChargeRepository
	refunds   RefundRepository
	notes     NotificationRepository
	inbox     Inbox
	notifier  Notifier
	log       *slog.Logger

	handlers map[domain.BillingEventType]billingHandler
}

func NewBillingEvents(
	tx Transactor,
	subs SubscriptionRepository,
	customers CustomerRepository,
	charges ChargeRepository,
	refunds RefundRepository,
	notes NotificationRepository,
	inbox Inbox,
	n Notifier,
	log *slog.Logger,
) *BillingEvents {
	s := &BillingEvents{
		tx: tx, subs: subs, customers: customers, charges: charges, refunds: refunds,
		notes: notes, inbox: inbox, notifier: n, log: log.With("component", "billing-events"),
	}
	s.handlers = map[domain.BillingEventType]billingHandler{
		domain.BillingPaymentSucceeded: s.paymentSucceeded,
		domain.BillingPaymentFailed:    s.paymentFailed,
		domain.BillingRefundCompleted:  s.refundCompleted,
		domain.BillingDisputeOpened:    s.disputeOpened,
	}
	return s
}

// Dispatch decodes one queue message and routes it by event type.
func (s *BillingEvents) Dispatch(ctx context.Context, body []byte) error {
	var evt domain.BillingEvent
	if err := json.Unmarshal(body, &evt); err != nil {
		return fmt.Errorf("%w: %v", ErrPoisonMessage, err)
	}
	if evt.ID == "" {
		return fmt.Errorf("%w: event without id", ErrPoisonMessage)
	}
	h, ok := s.handlers[evt.Type]
	if !ok {
		s.log.Debug("ignoring billing event", "type", evt.Type, "event_id", evt.ID)
		return nil
	}
	return h(ctx, evt)
}

type paymentEventData struct {
	ChargeID       string            `json:"charge"`
	AmountCents    int64             `json:"amount"`
	FailureCode    string            `json:"failure_code"`
	FailureMessage string            `json:"failure_message"`
	Metadata       map[string]string `json:"metadata"`
}

func decodeData[T any](evt domain.BillingEvent) (T, error) {
	var v T
	if err := json.Unmarshal(evt.Data, &v); err != nil {
		return v, fmt.Errorf("%w: %s data: %v", ErrPoisonMessage, evt.Type, err)
	}
	return v, nil
}

// chargeFor finds our charge for a provider event. The provider id is
// stored once the API call returned; before that only metadata links them.
func (s *BillingEvents) chargeFor(ctx context.Context, data paymentEventData) (*domain.Charge, error) {
	ch, err := s.charges.GetByProviderID(ctx, data.ChargeID)
	if !errors.Is(err, domain.ErrNotFound) {
		return ch, err
	}
	id, perr := uuid.Parse(data.Metadata["charge_id"])
	if perr != nil {
		return nil, fmt.Errorf("%w: unknown charge %s", ErrPoisonMessage, data.ChargeID)
	}
	return s.charges.Get(ctx, id)
}

func (s *BillingEvents) paymentSucceeded(ctx context.Context, evt domain.BillingEvent) error {
	data, err := decodeData[paymentEventData](evt)
	if err != nil {
		return err
	}
	seen, err := s.inbox.Seen(ctx, billingConsumer, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}

	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		ch, err := s.chargeFor(ctx, data)
		if err != nil {
			return err
		}
		if err := s.charges.MarkResult(ctx, ch.ID, domain.ChargeSucceeded, data.ChargeID, ""); err != nil {
			return err
		}
		if ch.Kind != domain.ChargeRenewal {
			return nil
		}
		if err := s.subs.ExtendPaidThrough(ctx, ch.SubscriptionID, 1); err != nil {
			return err
		}
		_, err = s.subs.TransitionStatus(ctx, ch.SubscriptionID,
			[]domain.SubscriptionStatus{domain.SubscriptionPastDue}, domain.SubscriptionActive)
		return err
	})
	if err != nil {
		return fmt.Errorf("apply %s: %w", evt.ID, err)
	}
	return s.inbox.MarkProcessed(ctx, billingConsumer, evt.ID)
}

func (s *BillingEvents) paymentFailed(ctx context.Context, evt domain.BillingEvent) error {
	data, err := decodeData[paymentEventData](evt)
	if err != nil {
		return err
	}
	ch, err := s.chargeFor(ctx, data)
	if err != nil {
		return err
	}
	if ch.Status == domain.ChargeSucceeded {
		// A later attempt already went through.
		return nil
	}
	if err := s.charges.MarkResult(ctx, ch.ID, domain.ChargeFailed, data.ChargeID, data.FailureMessage); err != nil {
		return err
	}
	if ch.Kind == domain.ChargeRenewal {
		if _, err := s.subs.TransitionStatus(ctx, ch.SubscriptionID,
			[]domain.SubscriptionStatus{domain.SubscriptionActive}, domain.SubscriptionPastDue); err != nil {
			return err
		}
	}

	// Failure emails go out straight away so the customer can update the
	// card before Paywell's next automatic attempt.
	sub, err := s.subs.Get(ctx, ch.SubscriptionID)
	if err != nil {
		return err
	}
	cust, err := s.customers.Get(ctx, sub.CustomerID)
	if err != nil {
		return err
	}
	_, err = s.notifier.Send(ctx, notifier.Message{
		Channel:  string(domain.ChannelEmail),
		To:       cust.Email,
		Template: "payment_failed",
		Vars: map[string]any{
			"name":        cust.FullName,
			"amount":      formatCents(ch.AmountCents, ch.Currency),
			"description": ch.Description,
			"reason":      data.FailureMessage,
		},
	})
	if err != nil {
		return fmt.Errorf("send payment_failed: %w", err)
	}
	return nil
}

type refundEventData struct {
	RefundID    string    `json:"refund"`
	AmountCents int64     `json:"amount"`
	SettledAt   time.Time `json:"settled_at"`
}

func (s *BillingEvents) refundCompleted(ctx context.Context, evt domain.BillingEvent) error {
	data, err := decodeData[refundEventData](evt)
	if err != nil {
		return err
	}
	settlement := &domain.RefundSettlement{
		ProviderRefundID: data.RefundID,
		AmountCents:      data.AmountCents,
		SettledAt:        data.SettledAt,
	}
	if err := s.refunds.InsertSettlement(ctx, settlement); err != nil {
		return fmt.Errorf("record settlement %s: %w", data.RefundID, err)
	}
	return s.refunds.MarkCompleted(ctx, data.RefundID)
}

type disputeEventData struct {
	DisputeID   string    `json:"dispute"`
	ChargeID    string    `json:"charge"`
	AmountCents int64     `json:"amount"`
	Reason      string    `json:"reason"`
	OpenedAt    time.Time `json:"opened_at"`
}

func (s *BillingEvents) disputeOpened(ctx context.Context, evt domain.BillingEvent) error {
	data, err := decodeData[disputeEventData](evt)
	if err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		ch, err := s.charges.GetByProviderID(ctx, data.ChargeID)
		if err != nil {
			return err
		}
		created, err := s.refunds.InsertDispute(ctx, &domain.Dispute{
			ProviderDisputeID: data.DisputeID,
			ChargeID:          ch.ID,
			AmountCents:       data.AmountCents,
			Reason:            data.Reason,
			OpenedAt:          data.OpenedAt,
		})
		if err != nil || !created {
			return err
		}
		sub, err := s.subs.Get(ctx, ch.SubscriptionID)
		if err != nil {
			return err
		}
		_, err = s.notes.Enqueue(ctx, domain.NewNotification(sub.CustomerID, domain.ChannelEmail,
			"charge_disputed", "dispute:"+data.DisputeID, map[string]any{
				"amount": formatCents(data.AmountCents, ch.Currency),
			}))
		return err
	})
}

func formatCents(cents int64, currency string) string {
	return fmt.Sprintf("%d.%02d %s", cents/100, cents%100, currency)
}
