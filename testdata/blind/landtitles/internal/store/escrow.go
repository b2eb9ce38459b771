package store

import (
	"context"
	"time"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
)

// EscrowRepo persists escrow accounts, deposits, holds and the ledger.
type EscrowRepo struct {
	tx *txm.Manager
}

// NewEscrowRepo returns an EscrowRepo.
func NewEscrowRepo(tx *txm.Manager) *EscrowRepo { return &EscrowRepo{tx: tx} }

// OpenAccount opens the order's account unless it already has one.
func (r *EscrowRepo) OpenAccount(ctx context.Context, a *domain.EscrowAccount) error {
	_, err := r.tx.Q(ctx).NamedExecContext(ctx, `
		INSERT IGNORE INTO escrow_accounts (id, order_id, status, interest_bearing, interest_rate_bps, opened_at)
		VALUES (:id, :order_id, :status, :interest_bearing, :interest_rate_bps, :opened_at)`, a)
	return err
}

// GetAccount loads an account.
func (r *EscrowRepo) GetAccount(ctx context.Context, id string) (*domain.EscrowAccount, error) {
	return getOne[domain.EscrowAccount](ctx, r.tx.Q(ctx), "escrow account",
		`SELECT * FROM escrow_accounts WHERE id = ?`, id)
}

// AccountByOrder loads the account for an order.
func (r *EscrowRepo) AccountByOrder(ctx context.Context, orderID string) (*domain.EscrowAccount, error) {
	return getOne[domain.EscrowAccount](ctx, r.tx.Q(ctx), "escrow account",
		`SELECT * FROM escrow_accounts WHERE order_id = ?`, orderID)
}

// InsertDeposit stores a deposit.
func (r *EscrowRepo) InsertDeposit(ctx context.Context, d *domain.Deposit) error {
	_, err := r.tx.Q(ctx).NamedExecContext(ctx, `
		INSERT INTO escrow_deposits (id, account_id, amount_cents, method, payer_name, reference, received_at)
		VALUES (:id, :account_id, :amount_cents, :method, :payer_name, :reference, :received_at)`, d)
	return err
}

// InsertHold stores a hold.
func (r *EscrowRepo) InsertHold(ctx context.Context, h *domain.Hold) error {
	_, err := r.tx.Q(ctx).NamedExecContext(ctx, `
		INSERT INTO escrow_holds (id, account_id, amount_cents, reason, request_key, created_at)
		VALUES (:id, :account_id, :amount_cents, :reason, :request_key, :created_at)`, h)
	return err
}

// HoldByKey loads the hold created for a client request key.
func (r *EscrowRepo) HoldByKey(ctx context.Context, accountID, key string) (*domain.Hold, error) {
	return getOne[domain.Hold](ctx, r.tx.Q(ctx), "escrow hold",
		`SELECT * FROM escrow_holds WHERE account_id = ? AND request_key = ?`, accountID, key)
}

// Balance sums the ledger for an account.
func (r *EscrowRepo) Balance(ctx context.Context, accountID string) (int64, error) {
	var bal int64
	err := r.tx.Q(ctx).GetContext(ctx, &bal,
		`SELECT COALESCE(SUM(amount_cents), 0) FROM escrow_ledger WHERE account_id = ?`, accountID)
	return bal, err
}

// InterestBearingDue lists open interest-bearing accounts not yet accrued
// through asOf.
func (r *EscrowRepo) InterestBearingDue(ctx context.Context, asOf time.Time) ([]domain.EscrowAccount, error) {
	var out []domain.EscrowAccount
	err := r.tx.Q(ctx).SelectContext(ctx, &out, `
		SELECT * FROM escrow_accounts
		 WHERE status = 'open' AND interest_bearing = 1
		   AND (accrued_through IS NULL OR accrued_through < ?)
		 ORDER BY id`, asOf)
	return out, err
}

// SetAccruedThrough records the date interest has been posted through.
func (r *EscrowRepo) SetAccruedThrough(ctx context.Context, accountID string, through time.Time) error {
	_, err := r.tx.Q(ctx).ExecContext(ctx,
		`UPDATE escrow_accounts SET accrued_through = ? WHERE id = ?`, through, accountID)
	return err
}

// PostLedger appends entries to the ledger.
func (r *EscrowRepo) PostLedger(ctx context.Context, entries ...domain.LedgerEntry) error {
	if len(entries) == 0 {
		return nil
	}
	_, err := r.tx.Q(ctx).NamedExecContext(ctx, `
		INSERT INTO escrow_ledger (id, account_id, entry_type, amount_cents, ref_type, ref_id, memo, posted_at)
		VALUES (:id, :account_id, :entry_type, :amount_cents, :ref_type, :ref_id, :memo, :posted_at)`, entries)
	return err
}
