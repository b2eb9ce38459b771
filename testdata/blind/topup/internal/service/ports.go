// Package service implements the consumer-facing top-up flows.
package service

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/jobs"
	"github.com/example/topup/internal/store/pgstore"
)

// TopUpRepository is implemented by pgstore.TopUps.
type TopUpRepository interface {
	CreateOnce(ctx context.Context, q pgstore.DBTX, t *domain.TopUp) (*domain.TopUp, bool, error)
	Get(ctx context.Context, q pgstore.DBTX, id uuid.UUID) (*domain.TopUp, error)
	GetForUpdate(ctx context.Context, tx pgx.Tx, id uuid.UUID) (*domain.TopUp, error)
	Transition(ctx context.Context, q pgstore.DBTX, id uuid.UUID, to domain.TopUpStatus, from ...domain.TopUpStatus) (bool, error)
	MarkPaid(ctx context.Context, q pgstore.DBTX, id uuid.UUID, paymentIntentID string) (bool, error)
	MarkSubmitted(ctx context.Context, q pgstore.DBTX, id uuid.UUID, carrierTxnID string) (bool, error)
	MarkFailed(ctx context.Context, q pgstore.DBTX, id uuid.UUID, reason string) error
	LogCarrierAttempt(ctx context.Context, q pgstore.DBTX, a pgstore.CarrierAttempt) error
	InsertRefund(ctx context.Context, q pgstore.DBTX, rf domain.Refund) error
	RefundedTotal(ctx context.Context, q pgstore.DBTX, topUpID uuid.UUID) (int64, error)
}

type CustomerRepository interface {
	Get(ctx context.Context, q pgstore.DBTX, id uuid.UUID) (*domain.Customer, error)
	AddLoyaltyPoints(ctx context.Context, q pgstore.DBTX, id uuid.UUID, points int64) error
}

type BundleRepository interface {
	GetBundle(ctx context.Context, q pgstore.DBTX, code string) (*domain.Bundle, error)
	InsertOrder(ctx context.Context, q pgstore.DBTX, o *domain.BundleOrder) error
	GetOrder(ctx context.Context, q pgstore.DBTX, id uuid.UUID) (*domain.BundleOrder, error)
	MarkOrderPaid(ctx context.Context, q pgstore.DBTX, id uuid.UUID, pi string) error
	MarkOrderActive(ctx context.Context, q pgstore.DBTX, id uuid.UUID) (bool, error)
}

type PromoRepository interface {
	Get(ctx context.Context, q pgstore.DBTX, code string) (*pgstore.Promo, error)
	Redeem(ctx context.Context, q pgstore.DBTX, code string, customerID uuid.UUID, bonus int64) (bool, error)
}

type StripeEventRepository interface {
	Seen(ctx context.Context, q pgstore.DBTX, eventID string) (bool, error)
	Record(ctx context.Context, q pgstore.DBTX, eventID, eventType string) error
}

// JobQueue is jobs.Queue; kept as a local name for readability.
type JobQueue = jobs.Queue

// ActivationQueue hands paid bundle orders to the activation worker.
type ActivationQueue interface {
	PublishActivation(ctx context.Context, orderID uuid.UUID) error
}
