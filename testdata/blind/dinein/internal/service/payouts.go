package service

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/dinein/platform/internal/payments"
	"github.com/dinein/platform/internal/queue"
	"github.com/dinein/platform/internal/result"
	"github.com/dinein/platform/internal/store"
)

// PayoutService pays restaurants their weekly earnings.
type PayoutService interface {
	ScheduleWeek(ctx context.Context, now time.Time) []result.Result[bool]
	ExecutePayout(ctx context.Context, restaurantID uuid.UUID, periodStart time.Time) (*store.Payout, error)
}

type payoutService struct {
	db        store.DB
	ledger    store.LedgerRepository
	payouts   store.PayoutRepository
	directory store.Directory
	gateway   payments.Gateway
	queue     queue.Enqueuer
	log       *zap.Logger
}

// NewPayoutService builds the PayoutService.
func NewPayoutService(
	db store.DB,
	ledger store.LedgerRepository,
	payouts store.PayoutRepository,
	directory store.Directory,
	gateway payments.Gateway,
	q queue.Enqueuer,
	log *zap.Logger,
) *payoutService {
	return &payoutService{db: db, ledger: ledger, payouts: payouts, directory: directory, gateway: gateway, queue: q, log: log.Named("payouts")}
}

// weekStart returns the Monday 00:00 UTC of the week before now's week.
func weekStart(now time.Time) time.Time {
	d := now.UTC().Truncate(24 * time.Hour)
	offset := (int(d.Weekday()) + 6) % 7
	return d.AddDate(0, 0, -offset-7)
}

func (s *payoutService) ScheduleWeek(ctx context.Context, now time.Time) []result.Result[bool] {
	start := weekStart(now)
	end := start.AddDate(0, 0, 7)
	ids, err := s.ledger.RestaurantsWithUnpaid(ctx, s.db, end)
	if err != nil {
		return []result.Result[bool]{result.Fail[bool]("list", err)}
	}
	out := make([]result.Result[bool], 0, len(ids))
	for _, id := range ids {
		inserted, err := s.queue.Enqueue(ctx, queue.PayoutArgs{
			RestaurantID: id,
			PeriodStart:  start.Format(time.DateOnly),
		})
		out = append(out, result.From(id.String(), inserted, err))
	}
	return out
}

func (s *payoutService) ExecutePayout(ctx context.Context, restaurantID uuid.UUID, periodStart time.Time) (*store.Payout, error) {
	rest, err := s.directory.Restaurant(ctx, s.db, restaurantID)
	if err != nil {
		return nil, err
	}
	if rest.StripeAccountID == nil {
		return nil, fmt.Errorf("restaurant %s has no connected account", restaurantID)
	}
	periodEnd := periodStart.AddDate(0, 0, 7)

	p, err := s.openPayout(ctx, restaurantID, periodStart, periodEnd)
	if err != nil {
		return nil, err
	}
	if p.Status == "paid" {
		return p, nil
	}
	if p.AmountCents <= 0 {
		s.log.Info("nothing to pay", zap.Stringer("restaurant", restaurantID), zap.Int64("amount", p.AmountCents))
		return p, s.payouts.MarkFailed(ctx, s.db, p.ID)
	}

	tr, err := s.gateway.Transfer(ctx, payments.TransferRequest{
		AmountCents: p.AmountCents,
		Currency:    "usd",
		Destination: *rest.StripeAccountID,
		Group:       "payout_" + p.ID.String(),
		Description: fmt.Sprintf("DineIn payout %s - %s", periodStart.Format(time.DateOnly), periodEnd.Format(time.DateOnly)),
		Metadata:    map[string]string{"payout_id": p.ID.String(), "restaurant_id": restaurantID.String()},
	}, payments.WithIdempotencyKey(payments.OperationKey("payout", p.ID)))
	if err != nil {
		return nil, err
	}
	if err := s.payouts.MarkPaid(ctx, s.db, p.ID, tr.TransferID); err != nil {
		return nil, err
	}
	p.Status = "paid"
	p.StripeTransferID = &tr.TransferID
	return p, nil
}

// openPayout creates the payout row for the period and attaches the
// period's ledger entries to it. A payout that already exists is returned
// unchanged.
func (s *payoutService) openPayout(ctx context.Context, restaurantID uuid.UUID, start, end time.Time) (*store.Payout, error) {
	tx, err := s.db.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer func() { _ = tx.Rollback(ctx) }()

	total, err := s.ledger.UnpaidTotal(ctx, tx, restaurantID, end)
	if err != nil {
		return nil, err
	}
	candidate := &store.Payout{
		ID:           uuid.New(),
		RestaurantID: restaurantID,
		PeriodStart:  start,
		PeriodEnd:    end,
		AmountCents:  total,
	}
	p, err := s.payouts.Open(ctx, tx, candidate)
	if err != nil {
		return nil, err
	}
	if p.ID == candidate.ID {
		if _, err := s.ledger.AttachToPayout(ctx, tx, restaurantID, p.ID, end); err != nil {
			return nil, err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, err
	}
	return p, nil
}
