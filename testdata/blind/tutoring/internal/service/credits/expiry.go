package credits

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/domain"
	"github.com/learnloop/tutoring/internal/store"
)

// Expirer removes unused credits from packages past their validity.
type Expirer struct {
	pool   *pgxpool.Pool
	buys   store.Purchases
	ledger store.Ledger
	now    func() time.Time
}

// NewExpirer builds an Expirer.
func NewExpirer(pool *pgxpool.Pool, buys store.Purchases, ledger store.Ledger) *Expirer {
	return &Expirer{pool: pool, buys: buys, ledger: ledger, now: time.Now}
}

// ExpireDue processes up to limit expired packages.
func (e *Expirer) ExpireDue(ctx context.Context, limit int) (int, error) {
	due, err := e.buys.ListExpired(ctx, e.pool, e.now(), limit)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, p := range due {
		remaining, err := e.ledger.PurchaseRemaining(ctx, e.pool, p.ID)
		if err != nil {
			return n, err
		}
		if err := e.buys.MarkExpired(ctx, e.pool, p.ID); err != nil {
			return n, fmt.Errorf("mark %s expired: %w", p.ID, err)
		}
		if remaining > 0 {
			if err := e.ledger.Append(ctx, e.pool, domain.LedgerEntry{
				ID: uuid.New(), StudentID: p.StudentID, PurchaseID: &p.ID,
				Delta: -remaining, Reason: "package_expired",
			}); err != nil {
				return n, fmt.Errorf("expire credits of %s: %w", p.ID, err)
			}
		}
		n++
	}
	return n, nil
}
