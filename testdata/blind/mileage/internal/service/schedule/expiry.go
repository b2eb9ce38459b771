package schedule

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/northwind-air/mileage/internal/domain"
	"github.com/northwind-air/mileage/internal/ports"
)

const expiryPage = 200

// ExpiryJob expires accrued miles 36 months after they were earned.
type ExpiryJob struct {
	tx      ports.TxRunner
	members ports.Members
	ledger  ports.Ledger
	log     *slog.Logger
}

// NewExpiryJob returns an ExpiryJob.
func NewExpiryJob(tx ports.TxRunner, members ports.Members, ledger ports.Ledger, log *slog.Logger) *ExpiryJob {
	return &ExpiryJob{tx: tx, members: members, ledger: ledger, log: log}
}

// Run sweeps expired accruals page by page: the expiry postings of a page
// are written together, then the page's accruals are flagged as swept.
func (j *ExpiryJob) Run(ctx context.Context, now time.Time) error {
	total := 0
	for {
		page, err := j.ledger.ExpiringAccruals(ctx, now, expiryPage)
		if err != nil {
			return err
		}
		if len(page) == 0 {
			break
		}
		if err := j.tx.Do(ctx, func(ctx context.Context) error {
			return j.postExpiries(ctx, page)
		}); err != nil {
			return err
		}
		if err := j.tx.Do(ctx, func(ctx context.Context) error {
			for _, e := range page {
				if err := j.ledger.MarkExpired(ctx, e.ID, now); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			return err
		}
		total += len(page)
	}
	j.log.InfoContext(ctx, "expiry sweep done", "entries", total)
	return nil
}

func (j *ExpiryJob) postExpiries(ctx context.Context, page []domain.LedgerEntry) error {
	for _, e := range page {
		m, err := j.members.Get(ctx, e.MemberID)
		if err != nil {
			return err
		}
		miles := min(e.Miles, m.Balance)
		if miles <= 0 {
			continue
		}
		if _, err := j.ledger.Post(ctx, domain.Posting{
			MemberID: e.MemberID,
			Kind:     domain.KindExpiry,
			Miles:    -miles,
			Source:   "expiry",
			Memo:     fmt.Sprintf("miles earned %s expired (entry %d)", e.CreatedAt.Format("2006-01"), e.ID),
		}); err != nil {
			return err
		}
	}
	return nil
}
