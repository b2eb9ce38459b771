// Package credits exposes balances and applies support adjustments to
// the credit ledger.
package credits

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/platform/ids"
	"github.com/learnloop/tutoring/internal/store"
)

// Adjustment is a manual ledger change made by support.
type Adjustment struct {
	SourceID  string // stable identifier of the adjustment request
	StudentID uuid.UUID
	Delta     int
	Reason    string
	Note      string
}

// Service reads and adjusts credit balances.
type Service interface {
	Balance(ctx context.Context, studentID uuid.UUID) (int, error)
	Adjust(ctx context.Context, adj Adjustment) (applied bool, err error)
}

type service struct {
	pool   *pgxpool.Pool
	ledger store.Ledger
}

// New builds the credits service.
func New(pool *pgxpool.Pool, ledger store.Ledger) Service {
	return &service{pool: pool, ledger: ledger}
}

func (s *service) Balance(ctx context.Context, studentID uuid.UUID) (int, error) {
	return s.ledger.Balance(ctx, s.pool, studentID)
}

func (s *service) Adjust(ctx context.Context, adj Adjustment) (bool, error) {
	if adj.Delta == 0 {
		return false, fmt.Errorf("%w: zero adjustment", domain.ErrInvalidArgument)
	}
	if adj.SourceID == "" {
		return false, fmt.Errorf("%w: adjustment without source id", domain.ErrInvalidArgument)
	}
	return s.ledger.AppendOnce(ctx, s.pool, domain.LedgerEntry{
		ID:        ids.Derived("adjustment", adj.SourceID),
		StudentID: adj.StudentID,
		Delta:     adj.Delta,
		Reason:    "support_" + adj.Reason,
		Note:      adj.Note,
	})
}
