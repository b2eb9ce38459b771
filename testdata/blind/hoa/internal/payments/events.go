package payments

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/ledger"
	"github.com/larchway/hoaops/internal/platform/apperr"
)

const consumerSettlement = "payments.settlement"

// webhookData is the "data" object of charge.* webhooks.
type webhookData struct {
	ChargeID    string            `json:"charge_id"`
	AmountCents int64             `json:"amount"`
	FailureCode string            `json:"failure_code"`
	Returned    bool              `json:"returned"`
	OccurredAt  time.Time         `json:"occurred_at"`
	Metadata    map[string]string `json:"metadata"`
}

// RecordWebhook stores a Paylane webhook delivery and fans it out to the
// consumers in the same transaction.
func (s *service) RecordWebhook(ctx context.Context, ev WebhookEvent) error {
	var data webhookData
	if err := json.Unmarshal(ev.Payload, &data); err != nil {
		return apperr.Invalidf("webhook data: %v", err)
	}
	return s.UoW.Do(ctx, func(ctx context.Context) error {
		if err := s.Webhooks.Insert(ctx, ev); err != nil {
			return fmt.Errorf("store webhook %s: %w", ev.ID, err)
		}
		if data.Metadata["purpose"] == "deposit" {
			// Amenity deposits are tracked on the reservation, not as
			// owner payments.
			return nil
		}
		switch ev.Type {
		case "charge.settled", "ach_debit.settled":
			return s.Publisher.Publish(ctx, events.TopicChargeSettled, events.ChargeSettled{
				EventID:     ev.ID,
				ChargeID:    data.ChargeID,
				AmountCents: data.AmountCents,
				SettledAt:   data.OccurredAt,
			}, events.WithMessageID(ev.ID))
		case "charge.failed", "ach_debit.returned":
			return s.Publisher.Publish(ctx, events.TopicChargeFailed, events.ChargeFailed{
				EventID:     ev.ID,
				ChargeID:    data.ChargeID,
				FailureCode: data.FailureCode,
				Returned:    data.Returned || ev.Type == "ach_debit.returned",
				FailedAt:    data.OccurredAt,
			}, events.WithMessageID(ev.ID))
		default:
			s.log.DebugContext(ctx, "ignoring paylane event", "type", ev.Type, "event_id", ev.ID)
			return nil
		}
	})
}

// ApplySettlement credits the owner's ledger for a settled payment and marks
// the invoice paid.
func (s *service) ApplySettlement(ctx context.Context, messageID string, ev events.ChargeSettled) error {
	return s.UoW.Do(ctx, func(ctx context.Context) error {
		fresh, err := s.Inbox.Claim(ctx, consumerSettlement, messageID)
		if err != nil {
			return err
		}
		if !fresh {
			return nil
		}
		p, err := s.Payments.MarkSettled(ctx, ev.ChargeID)
		if err != nil {
			return fmt.Errorf("settle payment %s: %w", ev.ChargeID, err)
		}
		if err := s.Ledger.Insert(ctx, ledger.Entry{
			ID:          uuid.New(),
			AccountID:   p.AccountID,
			InvoiceID:   p.InvoiceID,
			Kind:        ledger.KindPayment,
			AmountCents: -p.AmountCents,
			Memo:        "Payment received",
			SourceRef:   ledger.Ref(p.ID.String()),
			CreatedBy:   "paylane",
		}); err != nil {
			return err
		}
		if p.InvoiceID != nil {
			if _, err := s.Invoices.MarkPaid(ctx, *p.InvoiceID, ev.SettledAt); err != nil {
				return err
			}
		}
		return s.Publisher.Publish(ctx, events.TopicNoticeRequested, events.NoticeRequested{
			SourceKey: "receipt:" + p.ID.String(),
			AccountID: p.AccountID,
			Template:  "payment_receipt",
			Channels:  []string{"email"},
			Data:      map[string]string{"amount": fmt.Sprintf("%.2f", float64(p.AmountCents)/100)},
		})
	})
}

// ApplyFailure marks a payment failed and, for returned ACH debits and
// insufficient-funds declines, charges the association's returned-payment
// fee.
func (s *service) ApplyFailure(ctx context.Context, ev events.ChargeFailed) error {
	var p Payment
	charged := false
	err := s.UoW.Do(ctx, func(ctx context.Context) error {
		var err error
		p, err = s.Payments.MarkFailed(ctx, ev.ChargeID, ev.FailureCode)
		if err != nil {
			return fmt.Errorf("fail payment %s: %w", ev.ChargeID, err)
		}
		if !ev.Returned && ev.FailureCode != "insufficient_funds" {
			return nil
		}
		charged = true
		return s.Ledger.Insert(ctx, ledger.Entry{
			ID:          uuid.New(),
			AccountID:   p.AccountID,
			InvoiceID:   p.InvoiceID,
			Kind:        ledger.KindNSFFee,
			AmountCents: s.nsfFeeCents,
			Memo:        "Returned payment fee (" + ev.FailureCode + ")",
			SourceRef:   ledger.Ref(ev.ChargeID),
			CreatedBy:   "paylane",
		})
	})
	if err != nil {
		return err
	}

	data := map[string]string{"reason": ev.FailureCode}
	if charged {
		data["fee"] = fmt.Sprintf("%.2f", float64(s.nsfFeeCents)/100)
	}
	return s.Publisher.Publish(ctx, events.TopicNoticeRequested, events.NoticeRequested{
		SourceKey: "payment-failed:" + ev.ChargeID,
		AccountID: p.AccountID,
		Template:  "payment_failed",
		Channels:  []string{"email", "sms"},
		Data:      data,
	})
}
