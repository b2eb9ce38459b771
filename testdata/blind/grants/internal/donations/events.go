package donations

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/platform/ids"
	"github.com/civicfund/grants/internal/service"
)

// Stripe event types we act on.
const (
	eventIntentSucceeded = "payment_intent.succeeded"
	eventIntentFailed    = "payment_intent.payment_failed"
)

// HandlePaymentEvent applies a verified Stripe webhook event. The event id,
// the donation state change and the follow-up outbox messages are written in
// one transaction.
func (s *Service) HandlePaymentEvent(ctx context.Context, ev service.PaymentEvent) error {
	return db.Exec(ctx, s.db, func(tx *sqlx.Tx) error {
		fresh, err := s.events.WithTx(tx).MarkProcessed(ctx, ev.ID, ev.Type)
		if err != nil {
			return err
		}
		if !fresh {
			s.log.DebugContext(ctx, "stripe event already processed", "event_id", ev.ID)
			return nil
		}

		switch ev.Type {
		case eventIntentSucceeded:
			return s.onIntentSucceeded(ctx, tx, ev)
		case eventIntentFailed:
			return s.donations.WithTx(tx).MarkFailedByIntent(ctx, ev.IntentID)
		default:
			return nil
		}
	})
}

func (s *Service) onIntentSucceeded(ctx context.Context, tx *sqlx.Tx, ev service.PaymentEvent) error {
	d, err := s.donations.WithTx(tx).MarkSucceededByIntent(ctx, ev.IntentID)
	if errors.Is(err, db.ErrNotFound) {
		// Pledge installments and other off-session charges are not
		// donations rows; they are reconciled by the pledge service.
		return nil
	}
	if err != nil {
		return err
	}

	outbox := s.outbox.WithTx(tx)
	recorded, err := json.Marshal(service.DonationRecorded{
		DonationID:  d.ID,
		DonorID:     d.DonorID,
		CampaignID:  d.CampaignID,
		AmountCents: d.AmountCents,
		Currency:    d.Currency,
	})
	if err != nil {
		return err
	}
	if err := outbox.Enqueue(ctx, domain.OutboxMessage{
		ID:        ids.New(),
		EventType: service.EventDonationRecorded,
		GroupID:   "donation-" + d.ID,
		Payload:   recorded,
	}); err != nil {
		return err
	}

	match, err := json.Marshal(service.MatchRequested{
		DonationID:  d.ID,
		CampaignID:  d.CampaignID,
		AmountCents: d.AmountCents,
	})
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, domain.OutboxMessage{
		ID:        ids.New(),
		EventType: service.EventMatchRequested,
		GroupID:   "campaign-" + d.CampaignID,
		Payload:   match,
	})
}
