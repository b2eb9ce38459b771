package courier

import (
	"context"
	"time"

	"github.com/quayside/lockers/internal/domain"
	"github.com/quayside/lockers/internal/store"
)

// Expirer releases compartments whose reservation ran out before the
// courier arrived.
type Expirer struct {
	tx    store.TxRunner
	batch int
	now   func() time.Time
}

func NewExpirer(tx store.TxRunner, batch int) *Expirer {
	if batch <= 0 {
		batch = 500
	}
	return &Expirer{tx: tx, batch: batch, now: time.Now}
}

func (e *Expirer) Run(ctx context.Context) (int, error) {
	total := 0
	for {
		n, err := store.InTx(ctx, e.tx, func(ctx context.Context, r store.Repos) (int, error) {
			expired, err := r.Reservations.ExpireDue(ctx, e.now(), e.batch)
			if err != nil {
				return 0, err
			}
			for _, res := range expired {
				if err := r.Compartments.SetStatus(ctx, res.CompartmentID, domain.CompartmentFree); err != nil {
					return 0, err
				}
			}
			return len(expired), nil
		})
		if err != nil {
			return total, err
		}
		total += n
		if n < e.batch {
			return total, nil
		}
	}
}
