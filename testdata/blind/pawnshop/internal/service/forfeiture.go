package service

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/ironvault/pawnline/internal/domain"
	"github.com/ironvault/pawnline/internal/jobargs"
)

type ForfeitureService struct {
	tx          Transactor
	loans       LoanRepository
	items       ItemRepository
	forfeitures ForfeitureRepository
	queue       JobQueue
	now         Clock

	// ScheduleListing queues an item for consignment once the forfeiture
	// has been committed.
	ScheduleListing func(ctx context.Context, itemID uuid.UUID) error
}

func NewForfeitureService(tx Transactor, loans LoanRepository, items ItemRepository, forfeitures ForfeitureRepository, queue JobQueue, now Clock) *ForfeitureService {
	return &ForfeitureService{tx: tx, loans: loans, items: items, forfeitures: forfeitures, queue: queue, now: now}
}

// Forfeit transfers title of the pledged goods to the branch once the grace
// period has run out.
func (s *ForfeitureService) Forfeit(ctx context.Context, loanID uuid.UUID, reason domain.ForfeitReason) error {
	now := s.now()
	var items []domain.Item
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		loan, err := s.loans.GetForUpdate(ctx, loanID)
		if err != nil {
			return err
		}
		if loan.Status == domain.LoanRedeemed {
			return domain.ErrLoanClosed
		}
		if !domain.Date(now).After(loan.GraceEnds()) {
			return domain.ErrNotForfeitable
		}
		if err := s.forfeitures.Insert(ctx, domain.Forfeiture{
			LoanID:      loan.ID,
			Reason:      reason,
			Payoff:      loan.Payoff(),
			ForfeitedAt: now,
		}); err != nil {
			return fmt.Errorf("insert forfeiture: %w", err)
		}
		if err := s.loans.MarkForfeited(ctx, loan.ID, now); err != nil {
			return err
		}
		if err := s.items.SetStatusForLoan(ctx, loan.ID, domain.ItemForfeited); err != nil {
			return err
		}
		items, err = s.items.ListByLoan(ctx, loan.ID)
		if err != nil {
			return err
		}
		return s.queue.Enqueue(ctx, jobargs.ForfeitNotice{LoanID: loan.ID}, nil)
	})
	if err != nil {
		return err
	}

	for _, it := range items {
		if err := s.ScheduleListing(ctx, it.ID); err != nil {
			return fmt.Errorf("schedule listing for item %s: %w", it.ID, err)
		}
	}
	return nil
}
