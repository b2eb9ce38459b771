package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/segmentio/ksuid"

	"github.com/medbridge-health/clearinghouse/internal/domain"
)

// LedgerRepo manages the practice balance ledger.
type LedgerRepo struct{}

func NewLedgerRepo() *LedgerRepo { return &LedgerRepo{} }

// AppendKeyed writes an entry whose IdempotencyKey identifies the external
// event it came from. It reports false when the key was already posted.
func (r *LedgerRepo) AppendKeyed(ctx context.Context, q sqlx.ExtContext, e *domain.LedgerEntry) (bool, error) {
	if e.IdempotencyKey == nil || *e.IdempotencyKey == "" {
		return false, fmt.Errorf("ledger entry %s: idempotency key required", e.EntryType)
	}
	res, err := q.ExecContext(ctx, `
		INSERT INTO ledger_entries (id, practice_id, entry_type, amount_cents, claim_id, idempotency_key, memo, created_at)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
		ON CONFLICT (idempotency_key) DO NOTHING`,
		e.ID, e.PracticeID, e.EntryType, e.AmountCents, e.ClaimID, e.IdempotencyKey, e.Memo, e.CreatedAt)
	if err != nil {
		return false, fmt.Errorf("append ledger entry: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// AppendAdjustment writes a system-generated ledger movement (reversals,
// corrections) that has no upstream identifier of its own.
func (r *LedgerRepo) AppendAdjustment(ctx context.Context, q sqlx.ExtContext, practiceID, entryType string, claimID *string, amount int64, memo string) (string, error) {
	id := "led_" + ksuid.New().String()
	_, err := q.ExecContext(ctx, `
		INSERT INTO ledger_entries (id, practice_id, entry_type, amount_cents, claim_id, memo)
		VALUES ($1,$2,$3,$4,$5,$6)`, id, practiceID, entryType, amount, claimID, memo)
	if err != nil {
		return "", fmt.Errorf("append ledger adjustment: %w", err)
	}
	return id, nil
}

// UnpaidBalance sums entries not yet assigned to a payout, up to cutoff.
func (r *LedgerRepo) UnpaidBalance(ctx context.Context, q sqlx.ExtContext, practiceID string, cutoff time.Time) (int64, error) {
	var total int64
	err := sqlx.GetContext(ctx, q, &total, `
		SELECT COALESCE(SUM(amount_cents), 0) FROM ledger_entries
		WHERE practice_id = $1 AND payout_id IS NULL AND created_at < $2`, practiceID, cutoff)
	if err != nil {
		return 0, fmt.Errorf("unpaid balance: %w", err)
	}
	return total, nil
}

// AssignToPayout attaches every unpaid entry before cutoff to the payout.
func (r *LedgerRepo) AssignToPayout(ctx context.Context, q sqlx.ExtContext, practiceID, payoutID string, cutoff time.Time) (int64, error) {
	res, err := q.ExecContext(ctx, `
		UPDATE ledger_entries SET payout_id = $2
		WHERE practice_id = $1 AND payout_id IS NULL AND created_at < $3`, practiceID, payoutID, cutoff)
	if err != nil {
		return 0, fmt.Errorf("assign ledger to payout: %w", err)
	}
	return res.RowsAffected()
}
