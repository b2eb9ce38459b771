package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/jobs"
)

type PromoService struct {
	pool   *pgxpool.Pool
	promos PromoRepository
	topups TopUpRepository
	jobs   JobQueue
	log    *slog.Logger
}

func NewPromoService(pool *pgxpool.Pool, promos PromoRepository, topups TopUpRepository, jobs JobQueue, log *slog.Logger) *PromoService {
	return &PromoService{pool: pool, promos: promos, topups: topups, jobs: jobs, log: log.With("svc", "promos")}
}

type RedeemInput struct {
	CustomerID uuid.UUID
	Code       string
	MSISDN     string
	Operator   string
}

// Redeem applies a promo code as free airtime on the given number.
func (s *PromoService) Redeem(ctx context.Context, in RedeemInput) (*domain.TopUp, error) {
	p, err := s.promos.Get(ctx, s.pool, in.Code)
	if err != nil {
		return nil, err
	}
	if time.Now().After(p.ValidUntil) {
		return nil, fmt.Errorf("%w: promo code expired", domain.ErrValidation)
	}

	var bonus *domain.TopUp
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := s.promos.Redeem(ctx, tx, p.Code, in.CustomerID, p.BonusCents); err != nil {
			return err
		}
		key := "promo:" + p.Code
		var err error
		bonus, _, err = s.topups.CreateOnce(ctx, tx, &domain.TopUp{
			ID:             uuid.New(),
			CustomerID:     &in.CustomerID,
			MSISDN:         in.MSISDN,
			Operator:       in.Operator,
			AmountCents:    p.BonusCents,
			Currency:       "usd",
			IdempotencyKey: &key,
			Status:         domain.TopUpPaid,
			Source:         "promo",
		})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("redeem promo: %w", err)
	}
	if bonus.Status == domain.TopUpPaid {
		if err := s.jobs.Enqueue(ctx, jobs.TypeDeliverTopUp, jobs.DeliverTopUp{TopUpID: bonus.ID}, jobs.DeliverTaskID(bonus.ID)); err != nil {
			return nil, err
		}
	}
	return bonus, nil
}
