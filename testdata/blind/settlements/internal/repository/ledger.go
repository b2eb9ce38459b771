package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/ledger"
	"github.com/trustwell/settlements/internal/money"
)

// LedgerRepo persists journals and ledger-side records.
type LedgerRepo struct {
	db *sqlx.DB
}

// NewLedgerRepo returns a LedgerRepo.
func NewLedgerRepo(pool *sqlx.DB) *LedgerRepo { return &LedgerRepo{db: pool} }

var _ ledger.Store = (*LedgerRepo)(nil)

// InsertJournal writes a journal header and its lines. A journal whose
// (source_type, source_id) was already posted is skipped and false returned.
func (r *LedgerRepo) InsertJournal(ctx context.Context, tx *sqlx.Tx, j *ledger.Journal) (bool, error) {
	res, err := tx.NamedExecContext(ctx, `
		INSERT INTO journal_entries (id, settlement_id, source_type, source_id, memo, created_by, posted_at)
		VALUES (:id, :settlement_id, :source_type, :source_id, :memo, :created_by, :posted_at)
		ON CONFLICT ON CONSTRAINT journal_entries_source_key DO NOTHING`, j)
	if err != nil {
		return false, fmt.Errorf("insert journal: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	type lineRow struct {
		JournalID string      `db:"journal_id"`
		Account   string      `db:"account_code"`
		Debit     money.Cents `db:"debit_cents"`
		Credit    money.Cents `db:"credit_cents"`
	}
	rows := make([]lineRow, 0, len(j.Lines))
	for _, l := range j.Lines {
		rows = append(rows, lineRow{JournalID: j.ID, Account: l.Account, Debit: l.Debit, Credit: l.Credit})
	}
	if _, err := tx.NamedExecContext(ctx, `
		INSERT INTO journal_lines (journal_id, account_code, debit_cents, credit_cents)
		VALUES (:journal_id, :account_code, :debit_cents, :credit_cents)`, rows); err != nil {
		return false, fmt.Errorf("insert journal lines: %w", err)
	}
	return true, nil
}

// AccountBalance returns credits minus debits for an account (positive for a
// liability holding funds).
func (r *LedgerRepo) AccountBalance(ctx context.Context, q sqlx.QueryerContext, account string) (money.Cents, error) {
	var bal money.Cents
	err := sqlx.GetContext(ctx, q, &bal, `
		SELECT COALESCE(SUM(credit_cents - debit_cents), 0)
		FROM journal_lines WHERE account_code = $1`, account)
	if err != nil {
		return 0, fmt.Errorf("balance of %s: %w", account, err)
	}
	return bal, nil
}

// EnsureAccount creates an account if it does not exist.
func (r *LedgerRepo) EnsureAccount(ctx context.Context, tx *sqlx.Tx, code, name, normalSide string, settlementID *string) error {
	_, err := tx.ExecContext(ctx, `
		INSERT INTO ledger_accounts (code, name, normal_side, settlement_id)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (code) DO NOTHING`, code, name, normalSide, settlementID)
	if err != nil {
		return fmt.Errorf("ensure account %s: %w", code, err)
	}
	return nil
}

// FeeTransfer is a fee draw from trust to operating.
type FeeTransfer struct {
	ID           string      `db:"id"`
	SettlementID string      `db:"settlement_id"`
	DepositID    string      `db:"deposit_id"`
	AmountCents  money.Cents `db:"amount_cents"`
	JournalID    string      `db:"journal_id"`
	CreatedAt    time.Time   `db:"created_at"`
}

// InsertFeeTransfer records a fee draw.
func (r *LedgerRepo) InsertFeeTransfer(ctx context.Context, tx *sqlx.Tx, ft *FeeTransfer) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO fee_transfers (id, settlement_id, deposit_id, amount_cents, journal_id, created_at)
		VALUES (:id, :settlement_id, :deposit_id, :amount_cents, :journal_id, :created_at)`, ft)
	if err != nil {
		return fmt.Errorf("insert fee transfer: %w", err)
	}
	return nil
}

// TrustTransfer moves funds between two settlements.
type TrustTransfer struct {
	ID               string      `db:"id" json:"id"`
	FromSettlementID string      `db:"from_settlement_id" json:"from_settlement_id"`
	ToSettlementID   string      `db:"to_settlement_id" json:"to_settlement_id"`
	AmountCents      money.Cents `db:"amount_cents" json:"amount_cents"`
	Reason           string      `db:"reason" json:"reason"`
	JournalID        string      `db:"journal_id" json:"journal_id"`
	CreatedBy        string      `db:"created_by" json:"created_by"`
	CreatedAt        time.Time   `db:"created_at" json:"created_at"`
}

// InsertTrustTransfer records a trust-to-trust transfer.
func (r *LedgerRepo) InsertTrustTransfer(ctx context.Context, tx *sqlx.Tx, t *TrustTransfer) error {
	_, err := tx.NamedExecContext(ctx, `
		INSERT INTO trust_transfers (id, from_settlement_id, to_settlement_id, amount_cents,
			reason, journal_id, created_by, created_at)
		VALUES (:id, :from_settlement_id, :to_settlement_id, :amount_cents,
			:reason, :journal_id, :created_by, :created_at)`, t)
	if err != nil {
		return fmt.Errorf("insert trust transfer: %w", err)
	}
	return nil
}

// TrialBalance is a point-in-time view of the trust books.
type TrialBalance struct {
	TrustCash          money.Cents `db:"trust_cash"`
	ClientLiability    money.Cents `db:"client_liability"`
	UnbalancedJournals int         `db:"unbalanced"`
}

// TrialBalance sums trust cash against all client funds accounts and counts
// journals whose lines do not net to zero.
func (r *LedgerRepo) TrialBalance(ctx context.Context, asOf time.Time) (*TrialBalance, error) {
	var tb TrialBalance
	err := r.db.GetContext(ctx, &tb, `
		WITH lines AS (
			SELECT l.* FROM journal_lines l
			JOIN journal_entries e ON e.id = l.journal_id
			WHERE e.posted_at < $1
		)
		SELECT
			COALESCE((SELECT SUM(debit_cents - credit_cents) FROM lines WHERE account_code = 'trust:cash'), 0) AS trust_cash,
			COALESCE((SELECT SUM(credit_cents - debit_cents) FROM lines
			          WHERE account_code LIKE 'settlement:%:funds' OR account_code = 'trust:suspense'), 0) AS client_liability,
			(SELECT count(*) FROM (
				SELECT journal_id FROM lines GROUP BY journal_id
				HAVING SUM(debit_cents) <> SUM(credit_cents)) u) AS unbalanced`, asOf)
	if err != nil {
		return nil, fmt.Errorf("trial balance: %w", err)
	}
	return &tb, nil
}

// UpsertSnapshot stores the day's reconciliation result, replacing any
// earlier run for the same day.
func (r *LedgerRepo) UpsertSnapshot(ctx context.Context, asOf time.Time, tb *TrialBalance, computedAt time.Time) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO reconciliation_snapshots (as_of, trust_cash_cents, client_liability_cents,
			difference_cents, unbalanced_journals, computed_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (as_of) DO UPDATE SET
			trust_cash_cents = EXCLUDED.trust_cash_cents,
			client_liability_cents = EXCLUDED.client_liability_cents,
			difference_cents = EXCLUDED.difference_cents,
			unbalanced_journals = EXCLUDED.unbalanced_journals,
			computed_at = EXCLUDED.computed_at`,
		asOf, tb.TrustCash, tb.ClientLiability, tb.TrustCash-tb.ClientLiability, tb.UnbalancedJournals, computedAt)
	if err != nil {
		return fmt.Errorf("upsert reconciliation snapshot: %w", err)
	}
	return nil
}
