package store

import (
	"context"
	"time"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/platform/repository"
)

// Overdue lists loans past their due date that have not been reminded.
func (s *LoanStore) Overdue(ctx context.Context, now time.Time, limit int) ([]domain.Loan, error) {
	return s.List(ctx, repository.Query{
		Where: "status = ? AND due_at < ? AND reminded_at IS NULL",
		Args:  []any{domain.LoanOut, now},
		Order: "due_at",
		Limit: limit,
	})
}

// ClaimReminder stamps reminded_at if it is still empty and reports whether
// this caller won the stamp.
func (s *LoanStore) ClaimReminder(ctx context.Context, loanID string, at time.Time) (bool, error) {
	n, err := s.UpdateWhere(ctx, map[string]any{"reminded_at": at},
		"id = ? AND reminded_at IS NULL", loanID)
	return n == 1, err
}
