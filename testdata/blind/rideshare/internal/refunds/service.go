// Package refunds issues fare refunds requested by rider support agents.
package refunds

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
	"github.com/wayfare/ridepay/internal/provider/payments"
	"github.com/wayfare/ridepay/internal/store"
)

// Request is an agent's refund request.
type Request struct {
	TripID      string `json:"-"`
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Reason      string `json:"reason" binding:"required"`
	Agent       string `json:"-"`
}

// Errors surfaced to the API layer.
var (
	ErrNotRefundable = errors.New("fare is not in a refundable state")
	ErrOverRefund    = errors.New("refund exceeds captured amount")
)

// Refunder is the subset of the acquirer client used here.
type Refunder interface {
	Refund(ctx context.Context, paymentPspRef string, amount payments.Amount, reference string, opts ...payments.CallOption) (*payments.ModificationResponse, error)
}

// Service issues refunds.
type Service interface {
	Refund(ctx context.Context, req Request) (db.Refund, error)
}

type service struct {
	q        *db.Queries
	fares    store.FareRepo
	refunder Refunder
	newKey   func() string
	log      *slog.Logger
}

// NewService wires the refund service.
func NewService(sqldb *sql.DB, fares store.FareRepo, refunder Refunder, log *slog.Logger) Service {
	return &service{
		q:        db.New(sqldb),
		fares:    fares,
		refunder: refunder,
		newKey:   uuid.NewString,
		log:      log,
	}
}

func (s *service) Refund(ctx context.Context, req Request) (db.Refund, error) {
	fare, err := s.fares.GetByTrip(ctx, req.TripID)
	if err != nil {
		return db.Refund{}, fmt.Errorf("load fare %s: %w", req.TripID, err)
	}
	if fare.Status != "captured" {
		return db.Refund{}, ErrNotRefundable
	}
	if req.AmountCents > fare.AmountCents {
		return db.Refund{}, ErrOverRefund
	}

	amount := payments.Amount{Value: req.AmountCents, Currency: fare.Currency}
	res, err := s.refunder.Refund(ctx, fare.AuthPspRef, amount, "rfd-"+fare.TripID,
		payments.WithIdempotencyKey(s.newKey()),
		payments.WithMetadata(map[string]string{"agent": req.Agent, "reason": req.Reason}),
	)
	if err != nil {
		return db.Refund{}, err
	}

	refund := db.Refund{
		ID:           uuid.New(),
		FareID:       fare.ID,
		TripID:       fare.TripID,
		AmountCents:  req.AmountCents,
		Currency:     fare.Currency,
		Reason:       req.Reason,
		RequestedBy:  req.Agent,
		PspReference: sql.NullString{String: res.PspReference, Valid: res.PspReference != ""},
		Status:       "submitted",
	}
	if err := s.q.InsertRefund(ctx, db.InsertRefundParams{
		ID:           refund.ID,
		FareID:       refund.FareID,
		TripID:       refund.TripID,
		AmountCents:  refund.AmountCents,
		Currency:     refund.Currency,
		Reason:       refund.Reason,
		RequestedBy:  refund.RequestedBy,
		PspReference: refund.PspReference,
		Status:       refund.Status,
	}); err != nil {
		return db.Refund{}, fmt.Errorf("record refund: %w", err)
	}
	s.log.InfoContext(ctx, "refund submitted", "trip_id", fare.TripID, "psp_reference", res.PspReference, "agent", req.Agent)
	return refund, nil
}
