package collections

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/txn"
)

// EventRepository is what EventService needs inside its transaction.
type EventRepository interface {
	InsertPaymentEvent(ctx context.Context, e *model.PaymentEvent) (bool, error)
	GetPaymentByProviderID(ctx context.Context, providerID string) (*model.Payment, error)
	SetPaymentStatusByProviderID(ctx context.Context, providerID, status, reason string) (int64, error)
	UpdateMandateStatusByProviderID(ctx context.Context, providerID, status string) (int64, error)
	TransitionInvoiceStatus(ctx context.Context, id, from, to string) (int64, error)
	AdjustBalance(ctx context.Context, id string, delta int64) error
	GetInvoiceForUpdate(ctx context.Context, id string) (*model.Invoice, error)
}

// EventLog appends raw deliveries for support.
type EventLog interface {
	AppendEventLog(ctx context.Context, l *model.PaymentEventLog) error
}

// ProviderEvent is one event from the provider's webhook body.
type ProviderEvent struct {
	ID           string            `json:"id"`
	CreatedAt    time.Time         `json:"created_at"`
	ResourceType string            `json:"resource_type"`
	Action       string            `json:"action"`
	Links        map[string]string `json:"links"`
	Details      struct {
		Origin      string `json:"origin"`
		Cause       string `json:"cause"`
		Description string `json:"description"`
		ReasonCode  string `json:"reason_code"`
	} `json:"details"`
}

// EventService applies provider events to payments, invoices and mandates.
type EventService struct {
	uow   txn.Runner[EventRepository]
	log   EventLog
	newID func() string
	now   func() time.Time
	l     *slog.Logger
}

// NewEventService wires an EventService.
func NewEventService(uow txn.Runner[EventRepository], log EventLog, newID func() string, now func() time.Time, l *slog.Logger) *EventService {
	return &EventService{uow: uow, log: log, newID: newID, now: now, l: l}
}

// Handle applies the events of one webhook delivery. Each event is applied
// in its own transaction together with its payment_events row.
func (s *EventService) Handle(ctx context.Context, deliveryID string, events []ProviderEvent) error {
	for _, ev := range events {
		raw, _ := json.Marshal(ev)
		if err := s.log.AppendEventLog(ctx, &model.PaymentEventLog{
			ID:              s.newID(),
			ProviderEventID: ev.ID,
			SQSMessageID:    deliveryID,
			Payload:         raw,
			ReceivedAt:      s.now(),
		}); err != nil {
			s.l.Warn("event log append failed", "event_id", ev.ID, "err", err)
		}
		if err := s.apply(ctx, ev); err != nil {
			return fmt.Errorf("event %s (%s.%s): %w", ev.ID, ev.ResourceType, ev.Action, err)
		}
	}
	return nil
}

func (s *EventService) apply(ctx context.Context, ev ProviderEvent) error {
	return s.uow.Do(ctx, func(r EventRepository) error {
		resourceID := ev.Links[singular(ev.ResourceType)]
		fresh, err := r.InsertPaymentEvent(ctx, &model.PaymentEvent{
			ProviderEventID: ev.ID,
			ResourceType:    ev.ResourceType,
			Action:          ev.Action,
			ResourceID:      resourceID,
			AppliedAt:       s.now(),
		})
		if err != nil {
			return err
		}
		if !fresh {
			return nil
		}
		switch ev.ResourceType {
		case "payments":
			return s.applyPayment(ctx, r, resourceID, ev)
		case "mandates":
			return s.applyMandate(ctx, r, resourceID, ev)
		default:
			return nil
		}
	})
}

func (s *EventService) applyPayment(ctx context.Context, r EventRepository, providerID string, ev ProviderEvent) error {
	pay, err := r.GetPaymentByProviderID(ctx, providerID)
	if err != nil {
		// Payments created outside this service (e.g. one-off payments
		// taken by the contact centre) are not ours to track.
		s.l.Info("event for unknown payment", "provider_payment_id", providerID, "action", ev.Action)
		return nil
	}
	switch ev.Action {
	case "confirmed":
		if _, err := r.SetPaymentStatusByProviderID(ctx, providerID, model.PaymentConfirmed, ""); err != nil {
			return err
		}
		inv, err := r.GetInvoiceForUpdate(ctx, pay.InvoiceID)
		if err != nil {
			return err
		}
		if err := r.AdjustBalance(ctx, inv.ID, -pay.AmountPence); err != nil {
			return err
		}
		if inv.BalancePence-pay.AmountPence <= 0 {
			_, err = r.TransitionInvoiceStatus(ctx, inv.ID, inv.Status, model.InvoicePaid)
		}
		return err
	case "failed":
		if _, err := r.SetPaymentStatusByProviderID(ctx, providerID, model.PaymentFailed, ev.Details.Description); err != nil {
			return err
		}
		_, err := r.TransitionInvoiceStatus(ctx, pay.InvoiceID, model.InvoiceUnpaid, model.InvoicePaymentFailed)
		return err
	case "cancelled":
		_, err := r.SetPaymentStatusByProviderID(ctx, providerID, model.PaymentCancelled, ev.Details.Description)
		return err
	case "charged_back":
		if _, err := r.SetPaymentStatusByProviderID(ctx, providerID, model.PaymentChargedBack, ev.Details.Description); err != nil {
			return err
		}
		inv, err := r.GetInvoiceForUpdate(ctx, pay.InvoiceID)
		if err != nil {
			return err
		}
		if err := r.AdjustBalance(ctx, inv.ID, pay.AmountPence); err != nil {
			return err
		}
		_, err = r.TransitionInvoiceStatus(ctx, inv.ID, model.InvoicePaid, model.InvoicePaymentFailed)
		return err
	default:
		return nil
	}
}

func (s *EventService) applyMandate(ctx context.Context, r EventRepository, providerID string, ev ProviderEvent) error {
	status := map[string]string{
		"submitted": "submitted",
		"active":    "active",
		"cancelled": "cancelled",
		"failed":    "failed",
		"expired":   "expired",
	}[ev.Action]
	if status == "" {
		return nil
	}
	_, err := r.UpdateMandateStatusByProviderID(ctx, providerID, status)
	return err
}

func singular(resourceType string) string {
	switch resourceType {
	case "payments":
		return "payment"
	case "mandates":
		return "mandate"
	case "payouts":
		return "payout"
	case "refunds":
		return "refund"
	default:
		return resourceType
	}
}
