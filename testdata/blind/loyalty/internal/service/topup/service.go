// Package topup sells points for money through Stripe.
package topup

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
	"github.com/tidewater/loyalty/internal/platform/ids"
	"github.com/tidewater/loyalty/internal/platform/txn"
	"github.com/tidewater/loyalty/internal/provider/payments"
)

type Repository interface {
	Create(ctx context.Context, p db.CreateTopUpParams) error
	AttachIntent(ctx context.Context, id uuid.UUID, intentID, status string) error
	MarkFailed(ctx context.Context, id uuid.UUID) error
}

type PaymentGateway interface {
	CreateTopUpIntent(ctx context.Context, c payments.TopUpCharge, opts ...payments.ChargeOption) (*payments.Intent, error)
}

type PurchaseInput struct {
	MemberID         uuid.UUID
	StripeCustomerID string
	PaymentMethodID  string
	AmountCents      int64
	Currency         string
}

type PurchaseResult struct {
	TopUpID  uuid.UUID
	IntentID string
	Status   string
	Points   int64
}

type Service struct {
	pool    txn.Beginner
	repo    Repository
	gateway PaymentGateway
	log     *slog.Logger
}

func NewService(pool txn.Beginner, repo Repository, gateway PaymentGateway, log *slog.Logger) *Service {
	return &Service{pool: pool, repo: repo, gateway: gateway, log: log}
}

var allowedAmounts = map[int64]bool{500: true, 1000: true, 2500: true, 5000: true}

// Purchase charges the member's saved card. Points are credited when Stripe
// confirms the payment (see HandlePaymentSucceeded).
func (s *Service) Purchase(ctx context.Context, in PurchaseInput) (PurchaseResult, error) {
	if !allowedAmounts[in.AmountCents] {
		return PurchaseResult{}, fmt.Errorf("%w: unsupported top-up amount", domain.ErrValidation)
	}
	points := domain.CentsToPurchasedPoints(in.AmountCents)
	topUpID := uuid.New()

	if err := s.repo.Create(ctx, db.CreateTopUpParams{
		ID:          topUpID,
		MemberID:    in.MemberID,
		AmountCents: in.AmountCents,
		Currency:    in.Currency,
		Points:      points,
	}); err != nil {
		return PurchaseResult{}, fmt.Errorf("create top-up: %w", err)
	}

	intent, err := s.gateway.CreateTopUpIntent(ctx, payments.TopUpCharge{
		CustomerID:      in.StripeCustomerID,
		PaymentMethodID: in.PaymentMethodID,
		AmountCents:     in.AmountCents,
		Currency:        in.Currency,
		Description:     fmt.Sprintf("%d loyalty points", points),
		Metadata:        map[string]string{"topup_id": topUpID.String(), "member_id": in.MemberID.String()},
	})
	if err != nil {
		if mErr := s.repo.MarkFailed(ctx, topUpID); mErr != nil {
			s.log.ErrorContext(ctx, "mark top-up failed", "topup_id", topUpID, "err", mErr)
		}
		return PurchaseResult{}, err
	}
	if err := s.repo.AttachIntent(ctx, topUpID, intent.ID, intent.Status); err != nil {
		return PurchaseResult{}, fmt.Errorf("attach intent: %w", err)
	}
	return PurchaseResult{TopUpID: topUpID, IntentID: intent.ID, Status: intent.Status, Points: points}, nil
}

// PaymentSucceeded is the subset of a Stripe event the service needs.
type PaymentSucceeded struct {
	EventID         string
	EventType       string
	PaymentIntentID string
}

// HandlePaymentSucceeded credits the points bought by a top-up. The Stripe
// event id is recorded in the same transaction as the credit.
func (s *Service) HandlePaymentSucceeded(ctx context.Context, ev PaymentSucceeded) error {
	return txn.Exec(ctx, s.pool, func(q *db.Queries) error {
		fresh, err := q.InsertStripeEvent(ctx, db.InsertStripeEventParams{EventID: ev.EventID, Type: ev.EventType})
		if err != nil {
			return err
		}
		if fresh == 0 {
			return nil
		}
		t, err := q.GetTopUpByPaymentIntentForUpdate(ctx, pgtype.Text{String: ev.PaymentIntentID, Valid: true})
		if errors.Is(err, pgx.ErrNoRows) {
			// Not one of ours (e.g. a charge from another product line).
			return nil
		}
		if err != nil {
			return err
		}
		if t.Status == "credited" {
			return nil
		}
		posted, err := q.InsertLedgerEntryOnce(ctx, db.InsertLedgerEntryParams{
			ID:       ids.Prefixed("led"),
			MemberID: t.MemberID,
			Delta:    t.Points,
			Kind:     "topup",
			Ref:      pgtype.Text{String: "topup:" + t.ID.String(), Valid: true},
			Note:     ev.PaymentIntentID,
		})
		if err != nil {
			return err
		}
		if posted == 0 {
			return q.SetTopUpStatus(ctx, db.SetTopUpStatusParams{ID: t.ID, Status: "credited"})
		}
		if _, err := q.AddMemberPoints(ctx, db.AddMemberPointsParams{ID: t.MemberID, Delta: t.Points}); err != nil {
			return err
		}
		return q.SetTopUpStatus(ctx, db.SetTopUpStatusParams{ID: t.ID, Status: "credited"})
	})
}
