package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/repo"
)

// Fees accrues daily fees on outstanding advances.
type Fees interface {
	AccrueDaily(ctx context.Context, date string) (int, error)
}

type FeeService struct {
	store     repo.Store
	clock     Clock
	log       *slog.Logger
	batchSize int
}

func NewFeeService(store repo.Store, clock Clock, log *slog.Logger) *FeeService {
	return &FeeService{store: store, clock: clock, log: log.With("svc", "fees"), batchSize: 200}
}

// AccrueDaily books one day's fee on every active advance.
func (s *FeeService) AccrueDaily(ctx context.Context, date string) (int, error) {
	day, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return 0, fmt.Errorf("%w: accrual date %q", ErrValidation, date)
	}
	accrued := 0
	after := uuid.Nil
	for {
		batch, err := s.store.Advances().ListActive(ctx, after, s.batchSize)
		if err != nil {
			return accrued, err
		}
		if len(batch) == 0 {
			break
		}
		for i := range batch {
			adv := &batch[i]
			after = adv.ID
			if err := s.accrueOne(ctx, adv, day); err != nil {
				return accrued, fmt.Errorf("accrue %s: %w", adv.ID, err)
			}
			accrued++
		}
	}
	s.log.InfoContext(ctx, "daily fees accrued", "date", date, "advances", accrued)
	return accrued, nil
}

func (s *FeeService) accrueOne(ctx context.Context, adv *domain.Advance, day time.Time) error {
	fee := DailyFee(adv)
	if fee == 0 {
		return nil
	}
	now := s.clock.Now()
	return s.store.InTx(ctx, func(tx repo.Store) error {
		if err := tx.Fees().Insert(ctx, &domain.FeeAccrual{
			ID:          uuid.New(),
			AdvanceID:   adv.ID,
			AccrualDate: day,
			AmountMinor: fee,
			CreatedAt:   now,
		}); err != nil {
			return err
		}
		if err := tx.Advances().AddFees(ctx, adv.ID, fee); err != nil {
			return err
		}
		advID := adv.ID
		return tx.Ledger().Post(ctx, &domain.LedgerEntry{
			AdvanceID: &advID, EntryType: domain.EntryFeeAccrual, AmountMinor: fee,
			Currency: adv.Currency, SourceRef: day.Format(time.DateOnly), CreatedAt: now,
		})
	})
}
