package ledger

import (
	"context"
	"database/sql"
	"time"

	"github.com/uptrace/bun"

	"github.com/acme/escrow/internal/platform/retry"
)

// SettlePlatformFees sweeps the platform fees recognised on day (UTC) from the
// Stripe balance to the operating account. Each day is settled at most once:
// the settlement row is keyed by date and written in the same transaction as
// the sweep entry.
func (s *Service) SettlePlatformFees(ctx context.Context, day time.Time) error {
	start := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 0, 1)
	entryID := s.newID()

	settled, err := retryTx(ctx, s, func(ctx context.Context, tx bun.Tx) (bool, error) {
		var total int64
		err := tx.NewSelect().
			TableExpr("postings AS p").
			Join("JOIN journal_entries AS je ON je.id = p.entry_id").
			ColumnExpr("COALESCE(SUM(-p.amount_cents), 0)").
			Where("p.account_code = ?", AccountFees).
			Where("p.currency = ?", s.cfg.SettlementCurrency).
			Where("je.kind = ?", KindPlatformFee).
			Where("je.created_at >= ? AND je.created_at < ?", start, end).
			Scan(ctx, &total)
		if err != nil || total == 0 {
			return false, err
		}

		res, err := tx.NewInsert().
			Model(&FeeSettlement{SettlementDate: start, EntryID: entryID, TotalCents: total}).
			On("CONFLICT (settlement_date) DO NOTHING").
			Exec(ctx)
		if err != nil {
			return false, err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return false, err
		}
		entry := &JournalEntry{ID: entryID, Kind: KindFeeSettlement, Reference: "settlement:" + start.Format(time.DateOnly)}
		return true, post(ctx, tx, entry, pair(AccountOperating, AccountStripeCash, total, s.cfg.SettlementCurrency)...)
	})
	if err != nil {
		return err
	}
	s.log.InfoContext(ctx, "platform fees settled", "date", start.Format(time.DateOnly), "new", settled)
	return nil
}

// retryTx runs fn in a serializable transaction, retrying serialization
// failures and other transient errors under the service's retry policy.
func retryTx[T any](ctx context.Context, s *Service, fn func(ctx context.Context, tx bun.Tx) (T, error)) (T, error) {
	opts := &sql.TxOptions{Isolation: sql.LevelSerializable}
	return retry.Do(ctx, s.retry, func() (T, error) {
		var out T
		err := s.db.RunInTx(ctx, opts, func(ctx context.Context, tx bun.Tx) error {
			v, err := fn(ctx, tx)
			out = v
			return err
		})
		return out, err
	})
}
