package fines

import (
	"context"
	"database/sql"
	"time"

	"github.com/shelfwise-labs/branchline/internal/domain"
	"github.com/shelfwise-labs/branchline/internal/platform/clock"
)

// AssessOverdue adds one day's overdue charge to a loan, up to the cap.
func (s *Service) AssessOverdue(ctx context.Context, loan domain.Loan, day time.Time) (bool, error) {
	daysLate := int(day.Sub(clock.Day(loan.DueAt)).Hours() / 24)
	if daysLate <= 0 {
		return false, nil
	}
	already, err := s.Fines.OverdueTotal(ctx, loan.ID)
	if err != nil {
		return false, err
	}
	amount := min(s.Policy.DailyFineCents, s.Policy.MaxOverdueFineCents-already)
	if amount <= 0 {
		return false, nil
	}
	err = s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		if _, err := s.Fines.InsertOverdue(ctx, tx, domain.Fine{
			PatronID:    loan.PatronID,
			LoanID:      loan.ID,
			AmountCents: amount,
			AssessedOn:  day,
		}); err != nil {
			return err
		}
		return s.Patrons.AdjustBalance(ctx, tx, loan.PatronID, amount)
	})
	return err == nil, err
}

// BillLost charges the replacement cost for a loan that is long overdue.
func (s *Service) BillLost(ctx context.Context, loan domain.Loan, day time.Time) (bool, error) {
	var billed bool
	err := s.Tx.WithTx(ctx, func(tx *sql.Tx) error {
		var err error
		billed, err = s.Fines.InsertLost(ctx, tx, domain.Fine{
			ID:          s.NewID(),
			PatronID:    loan.PatronID,
			LoanID:      loan.ID,
			AmountCents: loan.ReplacementCents,
			AssessedOn:  day,
		})
		if err != nil || !billed {
			return err
		}
		return s.Patrons.AdjustBalance(ctx, tx, loan.PatronID, loan.ReplacementCents)
	})
	return billed, err
}
