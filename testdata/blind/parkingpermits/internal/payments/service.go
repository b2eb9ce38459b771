// Package payments takes online permit payments through Paygate and applies
// Paygate's webhooks to applications.
package payments

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/curbline-civic/permits/internal/domain"
	"github.com/curbline-civic/permits/internal/platform/database"
	"github.com/curbline-civic/permits/internal/providers/paygate"
)

// Store is the payments storage.
type Store interface {
	InsertAttempt(ctx context.Context, a Attempt) error
	FinishAttempt(ctx context.Context, id uuid.UUID, outcome string, chargeRef *string, at time.Time) error
	InsertLedger(ctx context.Context, e domain.LedgerEntry) error
	WebhookSeen(ctx context.Context, eventID string) (bool, error)
	MarkWebhook(ctx context.Context, eventID, eventType string) error
}

// Applications is the slice of the applications repository payments use.
type Applications interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Application, error)
	SetChargeRef(ctx context.Context, id uuid.UUID, ref string) error
	MarkPaid(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
}

// Charger creates card charges.
type Charger interface {
	CreateCharge(ctx context.Context, req paygate.ChargeRequest) (*paygate.Charge, error)
}

// ReviewStarter starts the review workflow for a paid application.
type ReviewStarter interface {
	StartReview(ctx context.Context, applicationID uuid.UUID) error
}

// Service is the payments use-case layer.
type Service struct {
	store   Store
	apps    Applications
	charger Charger
	reviews ReviewStarter
	tx      database.TxRunner
	log     *slog.Logger
	now     func() time.Time
}

// Deps groups the Service dependencies.
type Deps struct {
	Store   Store
	Apps    Applications
	Charger Charger
	Reviews ReviewStarter
	Tx      database.TxRunner
	Log     *slog.Logger
}

// NewService builds a Service.
func NewService(d Deps) *Service {
	return &Service{store: d.Store, apps: d.Apps, charger: d.Charger, reviews: d.Reviews, tx: d.Tx, log: d.Log, now: time.Now}
}

// PayInput is the card token from the portal's hosted fields.
type PayInput struct {
	CardToken string `json:"card_token"`
}

// PayResult is returned to the portal; confirmation arrives by webhook.
type PayResult struct {
	ChargeID string `json:"charge_id"`
	Status   string `json:"status"`
}

// PayOnline charges the application fee to a card.
func (s *Service) PayOnline(ctx context.Context, appID uuid.UUID, in PayInput) (*PayResult, error) {
	if in.CardToken == "" {
		return nil, fmt.Errorf("%w: card_token", domain.ErrInvalid)
	}
	app, err := s.apps.Get(ctx, appID)
	if err != nil {
		return nil, err
	}
	if app.Status != domain.StatusAwaitingPayment {
		return nil, domain.ErrWrongStatus
	}

	attempt := Attempt{ID: uuid.New(), ApplicationID: app.ID, AmountCents: app.FeeCents, StartedAt: s.now().UTC()}
	if err := s.store.InsertAttempt(ctx, attempt); err != nil {
		return nil, err
	}

	// Each attempt carries its own key: a resident whose card is declined
	// tries again with another card, and Paygate would otherwise replay the
	// decline.
	charge, err := s.charger.CreateCharge(ctx, paygate.ChargeRequest{
		AmountCents:    app.FeeCents,
		Currency:       "usd",
		Source:         in.CardToken,
		Description:    fmt.Sprintf("Residential parking permit, zone %s, %s", app.ZoneCode, app.Plate),
		Metadata:       map[string]string{"application_id": app.ID.String(), "attempt_id": attempt.ID.String()},
		IdempotencyKey: uuid.NewString(),
	})
	finished := s.now().UTC()
	if err != nil {
		outcome := "error"
		var dec *paygate.DeclineError
		if errors.As(err, &dec) {
			outcome = "declined:" + dec.Code
		}
		if ferr := s.store.FinishAttempt(ctx, attempt.ID, outcome, nil, finished); ferr != nil {
			s.log.Warn("finish attempt", "attempt", attempt.ID, "err", ferr)
		}
		if dec != nil {
			return nil, fmt.Errorf("%w: card declined (%s)", domain.ErrInvalid, dec.Code)
		}
		return nil, err
	}
	if err := s.store.FinishAttempt(ctx, attempt.ID, "submitted", &charge.ID, finished); err != nil {
		s.log.Warn("finish attempt", "attempt", attempt.ID, "err", err)
	}
	if err := s.apps.SetChargeRef(ctx, app.ID, charge.ID); err != nil {
		return nil, fmt.Errorf("store charge ref: %w", err)
	}
	return &PayResult{ChargeID: charge.ID, Status: charge.Status}, nil
}

// HandleWebhook applies a verified Paygate event. Paygate redelivers any
// event not answered with a 2xx for up to three days.
func (s *Service) HandleWebhook(ctx context.Context, evt *paygate.Event) error {
	if evt.Type != "charge.succeeded" {
		return nil
	}
	seen, err := s.store.WebhookSeen(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		return nil
	}
	var data paygate.ChargeEventData
	if err := json.Unmarshal(evt.Data, &data); err != nil {
		return fmt.Errorf("%w: event data", domain.ErrInvalid)
	}
	appID, err := uuid.Parse(data.Metadata["application_id"])
	if err != nil {
		// Not one of ours (the treasury shares the Paygate account).
		return nil
	}
	received := time.Unix(evt.Created, 0).UTC()

	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.store.InsertLedger(ctx, domain.LedgerEntry{
			ID:            uuid.New(),
			ApplicationID: appID,
			Source:        domain.SourceOnline,
			AmountCents:   data.AmountCents,
			ProviderRef:   data.ChargeID,
			ReceivedAt:    received,
		}); err != nil {
			return err
		}
		changed, err := s.apps.MarkPaid(ctx, appID, received)
		if err != nil {
			return err
		}
		if !changed {
			s.log.Info("charge for application not awaiting payment", "application", appID, "charge", data.ChargeID)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := s.reviews.StartReview(ctx, appID); err != nil {
		return fmt.Errorf("start review: %w", err)
	}
	return s.store.MarkWebhook(ctx, evt.ID, evt.Type)
}
