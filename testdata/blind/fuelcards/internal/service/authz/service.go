// Package authz answers the card network's real-time authorization
// webhooks: approve or decline a pump authorization against the card's
// status, holds and limits.
package authz

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/jobs/jobargs"
	"github.com/ridgeline-fleet/fuelcards/internal/platform/pg"
)

const source = "network.authorization"

// Repo is the persistence the authorization service needs.
type Repo interface {
	ProcessedWebhook(ctx context.Context, source, eventID string) (json.RawMessage, bool, error)
	MarkWebhookProcessed(ctx context.Context, source, eventID string, response any) error
	LockCardByNetworkID(ctx context.Context, networkCardID string) (domain.Card, error)
	HasActiveHold(ctx context.Context, cardID uuid.UUID) (bool, error)
	AddPending(ctx context.Context, cardID uuid.UUID, amount int64) error
	UpsertAuthorization(ctx context.Context, a domain.Authorization) error
}

// Request is the network's authorization request.
type Request struct {
	EventID       string `json:"event_id"`
	NetworkAuthID string `json:"authorization_id"`
	NetworkCardID string `json:"card_id"`
	MerchantID    string `json:"merchant_id"`
	MerchantName  string `json:"merchant_name"`
	MCC           string `json:"mcc"`
	AmountCents   int64  `json:"amount_cents"`
	Currency      string `json:"currency"`
}

// Validate implements pipeline.Validator.
func (r Request) Validate() error {
	switch {
	case r.EventID == "" || r.NetworkAuthID == "" || r.NetworkCardID == "":
		return domain.Invalid("event", "missing identifiers")
	case r.AmountCents <= 0:
		return domain.Invalid("amount_cents", "must be positive")
	case r.Currency != "USD":
		return domain.Invalid("currency", "unsupported")
	}
	return nil
}

// Response is returned to the network.
type Response struct {
	Approved bool   `json:"approved"`
	Reason   string `json:"reason,omitempty"`
}

// VelocityThresholdCents is the approved amount above which the velocity
// rules run.
const VelocityThresholdCents = 15000

// Service decides authorizations.
type Service struct {
	uow   pg.UnitOfWork[Repo]
	jobs  jobargs.Enqueuer
	rules []Rule
	log   *slog.Logger
}

// New builds a Service with the default rules.
func New(uow pg.UnitOfWork[Repo], jobs jobargs.Enqueuer, log *slog.Logger) *Service {
	return &Service{uow: uow, jobs: jobs, rules: DefaultRules, log: log}
}

// Decide answers one authorization request. A request the network resends
// gets the answer it was given the first time.
func (s *Service) Decide(ctx context.Context, req Request) (Response, error) {
	q := s.uow.Q()
	if prior, ok, err := q.ProcessedWebhook(ctx, source, req.EventID); err != nil {
		return Response{}, err
	} else if ok {
		var resp Response
		if err := json.Unmarshal(prior, &resp); err != nil {
			return Response{}, fmt.Errorf("decode stored decision: %w", err)
		}
		return resp, nil
	}

	var resp Response
	err := s.uow.InTx(ctx, func(q Repo, tx pgx.Tx) error {
		card, err := q.LockCardByNetworkID(ctx, req.NetworkCardID)
		if err != nil {
			return err
		}
		held, err := q.HasActiveHold(ctx, card.ID)
		if err != nil {
			return err
		}
		decision, reason := Evaluate(s.rules, card, req, held)
		resp = Response{Approved: decision == domain.Approved, Reason: reason}

		if resp.Approved {
			if err := q.AddPending(ctx, card.ID, req.AmountCents); err != nil {
				return err
			}
		}
		if err := q.UpsertAuthorization(ctx, domain.Authorization{
			NetworkAuthID: req.NetworkAuthID,
			CardID:        card.ID,
			MerchantID:    req.MerchantID,
			MCC:           req.MCC,
			AmountCents:   req.AmountCents,
			Decision:      decision,
			DeclineReason: reason,
		}); err != nil {
			return err
		}
		if resp.Approved && req.AmountCents >= VelocityThresholdCents {
			_, err := s.jobs.InsertTx(ctx, tx, jobargs.FraudVelocity{NetworkAuthID: req.NetworkAuthID}, nil)
			return err
		}
		return nil
	})
	if err != nil {
		return Response{}, err
	}

	if err := q.MarkWebhookProcessed(ctx, source, req.EventID, resp); err != nil {
		s.log.WarnContext(ctx, "record processed authorization", "event_id", req.EventID, "error", err)
	}
	return resp, nil
}
