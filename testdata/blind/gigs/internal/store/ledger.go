package store

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// Ledger appends money movements. Entries are never updated or deleted.
type Ledger struct{}

// AppendKeyed writes entries that carry an EntryKey. An entry whose key is
// already present is skipped, so replaying the same movement is a no-op.
// It returns how many entries were newly written.
func (Ledger) AppendKeyed(ctx context.Context, q Querier, entries ...LedgerEntry) (int, error) {
	batch := &pgx.Batch{}
	for _, e := range entries {
		if e.EntryKey == "" {
			return 0, fmt.Errorf("ledger.append_keyed: entry for %s/%s has no key", e.MilestoneID, e.Reason)
		}
		batch.Queue(`
			INSERT INTO ledger_entries (id, entry_key, milestone_id, account, direction, amount_minor, currency, reason)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
			ON CONFLICT (entry_key) DO NOTHING`,
			uuid.NewString(), e.EntryKey, e.MilestoneID, e.Account, e.Direction, e.AmountMinor, e.Currency, e.Reason)
	}
	br := q.SendBatch(ctx, batch)
	defer br.Close()
	written := 0
	for range entries {
		tag, err := br.Exec()
		if err != nil {
			return written, wrap("ledger.append_keyed", err)
		}
		written += int(tag.RowsAffected())
	}
	return written, nil
}

// Post writes a single movement that has no natural key, such as a manual
// adjustment or a dispute settlement leg.
func (Ledger) Post(ctx context.Context, q Querier, milestoneID, account, direction string, amount int64, currency, reason string) (string, error) {
	id := uuid.NewString()
	_, err := q.Exec(ctx, `
		INSERT INTO ledger_entries (id, milestone_id, account, direction, amount_minor, currency, reason)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		id, milestoneID, account, direction, amount, currency, reason)
	if err != nil {
		return "", wrap("ledger.post", err)
	}
	return id, nil
}

// ForMilestone lists the movements of a milestone in order.
func (Ledger) ForMilestone(ctx context.Context, q Querier, milestoneID string) ([]LedgerEntry, error) {
	rows, err := q.Query(ctx, `
		SELECT id, COALESCE(entry_key, ''), milestone_id, account, direction, amount_minor, currency, reason, created_at
		FROM ledger_entries WHERE milestone_id = $1 ORDER BY created_at, id`, milestoneID)
	if err != nil {
		return nil, wrap("ledger.for_milestone", err)
	}
	return collect(rows, func(row pgx.Row) (LedgerEntry, error) {
		var e LedgerEntry
		err := row.Scan(&e.ID, &e.EntryKey, &e.MilestoneID, &e.Account, &e.Direction, &e.AmountMinor, &e.Currency, &e.Reason, &e.CreatedAt)
		return e, err
	})
}
