package service

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/segmentio/ksuid"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/notify"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/platform/ids"
	"github.com/ironbridge-leasing/railcars/internal/repo"
)

// NotificationService sends customer notifications for domain events.
type NotificationService struct {
	tx        *db.TxRunner
	log       NotificationStore
	customers CustomerStore
	invoices  InvoiceStore
	moves     MovementStore
	sender    notify.Sender
	now       Clock
	logger    *slog.Logger
}

// NewNotificationService wires a NotificationService.
func NewNotificationService(tx *db.TxRunner, store NotificationStore, customers CustomerStore,
	invoices InvoiceStore, moves MovementStore, sender notify.Sender, logger *slog.Logger) *NotificationService {
	return &NotificationService{tx: tx, log: store, customers: customers, invoices: invoices,
		moves: moves, sender: sender, now: SystemClock, logger: logger}
}

// deliver sends a message and records it in the notification log.
func (s *NotificationService) deliver(ctx context.Context, n repo.Notification, m notify.Message) error {
	msgID, err := s.sender.Send(ctx, m)
	if err != nil {
		return fmt.Errorf("send %s to %s: %w", n.Template, n.CustomerID, err)
	}
	n.ID = ids.New()
	n.Channel, n.Template, n.Recipient, n.ProviderMsgID = m.Channel, m.Template, m.To, msgID
	return s.log.Log(ctx, s.tx.Q(ctx), &n, s.now())
}

// deliverOnce records the notification under dedupKey, then sends it with
// the record id as the provider's message key.
func (s *NotificationService) deliverOnce(ctx context.Context, dedupKey string, n repo.Notification, m notify.Message) error {
	n.ID, n.DedupKey = ids.New(), dedupKey
	n.Channel, n.Template, n.Recipient = m.Channel, m.Template, m.To
	res, err := db.InTxResult(ctx, s.tx, func(ctx context.Context) (*repo.Notification, error) {
		return s.log.Reserve(ctx, s.tx.Q(ctx), &n)
	})
	if err != nil {
		return err
	}
	if res.Status == "SENT" {
		return nil
	}
	m.IdempotencyKey = res.ID
	msgID, err := s.sender.Send(ctx, m)
	if err != nil {
		_ = s.log.MarkFailed(ctx, s.tx.Q(ctx), res.ID)
		return fmt.Errorf("send %s: %w", dedupKey, err)
	}
	return s.log.MarkSent(ctx, s.tx.Q(ctx), res.ID, msgID, s.now())
}

// InvoiceIssued emails the invoice to the customer's billing contact.
func (s *NotificationService) InvoiceIssued(ctx context.Context, e domain.Event) error {
	var p domain.InvoiceIssued
	if err := json.Unmarshal(e.Payload, &p); err != nil {
		return err
	}
	cust, err := s.customers.Get(ctx, s.tx.Q(ctx), p.CustomerID)
	if err != nil {
		return err
	}
	inv, err := s.invoices.Get(ctx, s.tx.Q(ctx), p.InvoiceID)
	if err != nil {
		return err
	}
	return s.deliverOnce(ctx, "invoice-issued:"+inv.ID,
		repo.Notification{CustomerID: cust.ID, RefID: inv.ID},
		notify.Message{
			Channel:  notify.Email,
			To:       cust.BillingEmail,
			Template: "invoice-issued",
			Data: map[string]any{
				"customer":       cust.Name,
				"invoice_number": inv.InvoiceNumber,
				"total":          dollars(inv.TotalCents),
				"due_date":       inv.DueDate.Format("January 2, 2006"),
			},
		})
}

// PaymentReceived emails a receipt.
func (s *NotificationService) PaymentReceived(ctx context.Context, e domain.Event) error {
	var p domain.PaymentReceived
	if err := json.Unmarshal(e.Payload, &p); err != nil {
		return err
	}
	cust, err := s.customers.Get(ctx, s.tx.Q(ctx), p.CustomerID)
	if err != nil {
		return err
	}
	inv, err := s.invoices.Get(ctx, s.tx.Q(ctx), p.InvoiceID)
	if err != nil {
		return err
	}
	return s.deliver(ctx, repo.Notification{CustomerID: cust.ID, RefID: p.PaymentID}, notify.Message{
		Channel:  notify.Email,
		To:       cust.BillingEmail,
		Template: "payment-receipt",
		Data: map[string]any{
			"customer":       cust.Name,
			"invoice_number": inv.InvoiceNumber,
			"amount":         dollars(p.AmountCents),
			"method":         p.Method,
			"balance":        dollars(inv.BalanceDueCents),
		},
	})
}

// DemurrageAssessed tells the billing contact a car has started accruing
// demurrage.
func (s *NotificationService) DemurrageAssessed(ctx context.Context, e domain.Event) error {
	var p domain.DemurrageAssessed
	if err := json.Unmarshal(e.Payload, &p); err != nil {
		return err
	}
	cust, err := s.customers.Get(ctx, s.tx.Q(ctx), p.CustomerID)
	if err != nil {
		return err
	}
	return s.deliver(ctx, repo.Notification{CustomerID: cust.ID, RefID: p.ChargeID}, notify.Message{
		Channel:  notify.Email,
		To:       cust.BillingEmail,
		Template: "demurrage-assessed",
		Data: map[string]any{
			"car_mark":    p.CarMark,
			"charge_date": p.ChargeDate.Format("2006-01-02"),
			"amount":      dollars(p.AmountCents),
		},
		IdempotencyKey: ksuid.New().String(),
	})
}

// CarPlaced texts the yard contact that a car was placed and when its free
// time ends.
func (s *NotificationService) CarPlaced(ctx context.Context, e domain.Event) error {
	var p domain.CarPlaced
	if err := json.Unmarshal(e.Payload, &p); err != nil {
		return err
	}
	cust, err := s.customers.Get(ctx, s.tx.Q(ctx), p.CustomerID)
	if err != nil {
		return err
	}
	if cust.YardContactPhone == "" {
		return nil
	}
	pl, err := s.moves.GetPlacement(ctx, s.tx.Q(ctx), p.PlacementID)
	if err != nil {
		return err
	}
	freeUntil := pl.PlacedAt.Add(time.Duration(pl.FreeTimeHours) * time.Hour)
	return s.deliver(ctx, repo.Notification{CustomerID: cust.ID, RefID: p.PlacementID}, notify.Message{
		Channel:  notify.SMS,
		To:       cust.YardContactPhone,
		Template: "car-placed",
		Data: map[string]any{
			"car_mark":   p.CarMark,
			"location":   p.Location,
			"placed_at":  p.PlacedAt.Format("Jan 2 15:04"),
			"free_until": freeUntil.Format("Jan 2 15:04"),
		},
	})
}

func dollars(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s$%d.%02d", sign, cents/100, cents%100)
}
