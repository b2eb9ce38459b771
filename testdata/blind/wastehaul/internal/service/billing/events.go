package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/haulcore/wastehaul/internal/providers/payments"
	"github.com/haulcore/wastehaul/internal/store"
)

const inboxSource = "paystream"

// EventHandler handles one Paystream webhook event type.
type EventHandler func(ctx context.Context, evt payments.Event) error

// EventHandlers returns the webhook handlers keyed by event type.
func (s *service) EventHandlers() map[string]EventHandler {
	return map[string]EventHandler{
		"charge.succeeded": s.onChargeSucceeded,
		"charge.refunded":  s.onChargeRefunded,
		"dispute.created":  s.onDisputeCreated,
	}
}

func decode[T any](evt payments.Event) (T, error) {
	var v T
	if err := json.Unmarshal(evt.Data, &v); err != nil {
		return v, fmt.Errorf("decode %s data: %w", evt.Type, err)
	}
	return v, nil
}

// onChargeSucceeded settles the payment and applies it to the invoice.
func (s *service) onChargeSucceeded(ctx context.Context, evt payments.Event) error {
	seen, err := s.Inbox.Seen(ctx, s.DB.Q(), inboxSource, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	data, err := decode[payments.ChargeEvent](evt)
	if err != nil {
		return err
	}

	err = s.DB.InTx(ctx, func(tx pgx.Tx) error {
		p, err := s.Payments.Settle(ctx, tx, data.ChargeID, time.Unix(evt.Created, 0))
		if errors.Is(err, store.ErrNotFound) {
			s.Log.WarnContext(ctx, "charge.succeeded for unknown charge", "charge", data.ChargeID)
			return nil
		}
		if err != nil {
			return err
		}
		return s.Invoices.ApplyPayment(ctx, tx, p.InvoiceID, data.AmountCents)
	})
	if err != nil {
		return err
	}
	return s.Inbox.Record(ctx, s.DB.Q(), inboxSource, evt.ID, evt.Type)
}

// onChargeRefunded records a refund and reopens the invoice balance.
func (s *service) onChargeRefunded(ctx context.Context, evt payments.Event) error {
	data, err := decode[payments.ChargeEvent](evt)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(tx pgx.Tx) error {
		fresh, err := s.Inbox.Claim(ctx, tx, inboxSource, evt.ID, evt.Type)
		if err != nil || !fresh {
			return err
		}
		p, err := s.Payments.AddRefunded(ctx, tx, data.ChargeID, data.LastRefundAmt)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		return s.Invoices.Reopen(ctx, tx, p.InvoiceID, data.LastRefundAmt)
	})
}

// onDisputeCreated stores a new chargeback for the collections team.
func (s *service) onDisputeCreated(ctx context.Context, evt payments.Event) error {
	data, err := decode[payments.DisputeEvent](evt)
	if err != nil {
		return err
	}
	d := store.Dispute{
		ProviderDisputeID: data.DisputeID,
		ProviderChargeID:  data.ChargeID,
		AmountCents:       data.AmountCents,
		Reason:            data.Reason,
		Status:            data.Status,
	}
	if data.EvidenceDueBy > 0 {
		due := time.Unix(data.EvidenceDueBy, 0)
		d.EvidenceDueBy = &due
	}
	p, err := s.Payments.GetByChargeID(ctx, s.DB.Q(), data.ChargeID)
	switch {
	case err == nil:
		d.PaymentID = &p.ID
	case !errors.Is(err, store.ErrNotFound):
		return err
	}
	return s.Payments.InsertDispute(ctx, s.DB.Q(), d)
}
