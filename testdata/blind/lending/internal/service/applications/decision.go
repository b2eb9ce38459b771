package applications

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/events"
	"github.com/brightpay/lending/internal/ids"
	"github.com/brightpay/lending/internal/providers/bureau"
	"github.com/brightpay/lending/internal/repo"
)

const inboxSourceBureau = "bureau"

// ApplyDecision records a bureau decision callback. The callback's event ID
// is claimed in the same transaction as the decision, so a redelivered
// callback changes nothing.
func (s *service) ApplyDecision(ctx context.Context, evt bureau.DecisionEvent) error {
	return s.store.InTx(ctx, func(ctx context.Context, st repo.Store) error {
		n, err := st.Dedup().InsertInboxEvent(ctx, inboxSourceBureau, evt.EventID, evt.Type)
		if err != nil {
			return err
		}
		if n == 0 {
			s.log.Info("duplicate bureau callback", zap.String("event_id", evt.EventID))
			return nil
		}

		app, err := st.Applications().GetApplication(ctx, evt.Reference)
		if err != nil {
			return fmt.Errorf("application %s: %w", evt.Reference, err)
		}
		check, err := st.Applications().GetCreditCheckByApplication(ctx, app.ID)
		if err != nil {
			return err
		}
		status, appStatus := decisionStatuses(evt.Decision, evt.Score, s.cfg.MinScore)
		if err := st.Applications().RecordCreditDecision(ctx, check.ID, status, pgtype.Int4{Int32: int32(evt.Score), Valid: true}); err != nil {
			return err
		}
		if app.Status == "cancelled" {
			return nil
		}
		if err := st.Applications().SetApplicationStatus(ctx, app.ID, appStatus); err != nil {
			return err
		}
		if appStatus != "offered" {
			return nil
		}

		offer := db.InsertOfferParams{
			ID:            ids.Derive("off", app.ID),
			ApplicationID: app.ID,
			ApprovedCents: min(app.AmountCents, evt.MaxCents),
			AprBps:        s.aprFor(evt),
			TermMonths:    app.TermMonths,
			ExpiresAt:     pgtype.Timestamptz{Time: time.Now().Add(s.cfg.OfferTTL), Valid: true},
		}
		if err := st.Applications().InsertOffer(ctx, offer); err != nil {
			return err
		}
		return events.Enqueue(ctx, st.Outbox(), events.TopicNotifications, app.CustomerID, events.CustomerNotification{
			CustomerID: app.CustomerID,
			Template:   "offer_ready",
			Params:     map[string]string{"offer_id": offer.ID, "merchant_id": app.MerchantID},
		})
	})
}

func (s *service) aprFor(evt bureau.DecisionEvent) int32 {
	if evt.AprBps > 0 {
		return evt.AprBps
	}
	return s.cfg.DefaultAprBps
}

func decisionStatuses(decision string, score, minScore int) (check, app string) {
	switch {
	case decision == "approve" && score >= minScore:
		return "approved", "offered"
	case decision == "refer":
		return "referred", "referred"
	default:
		return "declined", "declined"
	}
}
