// Package payouts pays trainers their monthly earnings through Stripe Connect.
package payouts

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/pulsefit/memberships/internal/db"
	"github.com/pulsefit/memberships/internal/ids"
	"github.com/pulsefit/memberships/internal/providers/payments"
)

type Service struct {
	pool     *pgxpool.Pool
	payments payments.Gateway
	log      *slog.Logger
}

func NewService(pool *pgxpool.Pool, gw payments.Gateway, log *slog.Logger) *Service {
	return &Service{pool: pool, payments: gw, log: log.With("component", "payouts")}
}

// RunPeriod pays every active trainer the sum of their earnings for period
// ("2006-01").
func (s *Service) RunPeriod(ctx context.Context, period string) error {
	q := db.New(s.pool)
	totals, err := q.SumTrainerEarningsByPeriod(ctx, period)
	if err != nil {
		return err
	}
	for _, t := range totals {
		if t.StripeAccountID == "" {
			s.log.Warn("trainer has no connected account", "trainer", t.TrainerID, "period", period)
			continue
		}
		if t.AmountCents <= 0 {
			continue
		}
		if err := s.payTrainer(ctx, q, t, period); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) payTrainer(ctx context.Context, q *db.Queries, t db.SumTrainerEarningsByPeriodRow, period string) error {
	payout, err := q.InsertTrainerPayout(ctx, db.InsertTrainerPayoutParams{
		ID:          ids.NewULID(),
		TrainerID:   t.TrainerID,
		Period:      period,
		AmountCents: t.AmountCents,
		Sessions:    t.Sessions,
	})
	if err != nil {
		return fmt.Errorf("create payout: %w", err)
	}
	transferID, err := s.payments.Transfer(ctx, payments.TransferRequest{
		DestinationAccount: t.StripeAccountID,
		AmountCents:        payout.AmountCents,
		Currency:           "usd",
		TransferGroup:      "trainer-payouts-" + period,
		Description:        fmt.Sprintf("PulseFit PT earnings %s (%d sessions)", period, t.Sessions),
		IdempotencyKey:     ids.Derived("payout", payout.ID),
		Metadata:           map[string]string{"payout_id": payout.ID, "trainer_id": t.TrainerID.String()},
	})
	if err != nil {
		if mErr := q.MarkTrainerPayoutFailed(ctx, payout.ID); mErr != nil {
			s.log.Error("mark payout failed", "payout", payout.ID, "err", mErr)
		}
		return fmt.Errorf("transfer to trainer %s: %w", t.TrainerID, err)
	}
	s.log.Info("trainer paid", "trainer", t.TrainerID, "period", period, "amount", payout.AmountCents, "transfer", transferID)
	return q.MarkTrainerPayoutPaid(ctx, db.MarkTrainerPayoutPaidParams{ID: payout.ID, StripeTransferID: transferID})
}
