package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// EscrowAccounts persists the per-milestone escrow balances.
type EscrowAccounts struct{}

const escrowCols = `milestone_id, currency, funded_minor, held_minor, released_minor, refunded_minor, frozen, updated_at`

func scanEscrow(row pgx.Row) (EscrowAccount, error) {
	var a EscrowAccount
	err := row.Scan(&a.MilestoneID, &a.Currency, &a.FundedMinor, &a.HeldMinor, &a.ReleasedMinor,
		&a.RefundedMinor, &a.Frozen, &a.UpdatedAt)
	return a, err
}

// Open creates the empty escrow account for a milestone.
func (EscrowAccounts) Open(ctx context.Context, q Querier, milestoneID, currency string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO escrow_accounts (milestone_id, currency) VALUES ($1, $2)
		ON CONFLICT (milestone_id) DO NOTHING`, milestoneID, currency)
	return wrap("escrow.open", err)
}

func (EscrowAccounts) Get(ctx context.Context, q Querier, milestoneID string) (EscrowAccount, error) {
	a, err := scanEscrow(q.QueryRow(ctx, `SELECT `+escrowCols+` FROM escrow_accounts WHERE milestone_id = $1`, milestoneID))
	return a, one("escrow.get", err)
}

func (EscrowAccounts) GetForUpdate(ctx context.Context, q Querier, milestoneID string) (EscrowAccount, error) {
	a, err := scanEscrow(q.QueryRow(ctx, `SELECT `+escrowCols+` FROM escrow_accounts WHERE milestone_id = $1 FOR UPDATE`, milestoneID))
	return a, one("escrow.get_for_update", err)
}

// CreditFunding adds a settled charge to the account.
func (EscrowAccounts) CreditFunding(ctx context.Context, q Querier, milestoneID string, amount int64) error {
	_, err := q.Exec(ctx, `
		UPDATE escrow_accounts
		SET funded_minor = funded_minor + $2, held_minor = held_minor + $2, updated_at = now()
		WHERE milestone_id = $1`, milestoneID, amount)
	return wrap("escrow.credit_funding", err)
}

// MoveToReleased moves gross from held to released.
func (EscrowAccounts) MoveToReleased(ctx context.Context, q Querier, milestoneID string, gross int64) error {
	_, err := q.Exec(ctx, `
		UPDATE escrow_accounts
		SET held_minor = held_minor - $2, released_minor = released_minor + $2, updated_at = now()
		WHERE milestone_id = $1`, milestoneID, gross)
	return wrap("escrow.move_to_released", err)
}

// MoveToRefunded moves amount from held back to the client.
func (EscrowAccounts) MoveToRefunded(ctx context.Context, q Querier, milestoneID string, amount int64) error {
	_, err := q.Exec(ctx, `
		UPDATE escrow_accounts
		SET held_minor = held_minor - $2, refunded_minor = refunded_minor + $2, updated_at = now()
		WHERE milestone_id = $1`, milestoneID, amount)
	return wrap("escrow.move_to_refunded", err)
}

// ApplySplit settles a dispute: refund goes back to the client, release goes
// to the freelancer, and the account is unfrozen.
func (EscrowAccounts) ApplySplit(ctx context.Context, q Querier, milestoneID string, refund, release int64) error {
	_, err := q.Exec(ctx, `
		UPDATE escrow_accounts
		SET held_minor     = held_minor - ($2 + $3),
		    refunded_minor = refunded_minor + $2,
		    released_minor = released_minor + $3,
		    frozen         = false,
		    updated_at     = now()
		WHERE milestone_id = $1`, milestoneID, refund, release)
	return wrap("escrow.apply_split", err)
}

// SetFrozen freezes or unfreezes the account.
func (EscrowAccounts) SetFrozen(ctx context.Context, q Querier, milestoneID string, frozen bool) error {
	_, err := q.Exec(ctx, `UPDATE escrow_accounts SET frozen = $2, updated_at = now() WHERE milestone_id = $1`, milestoneID, frozen)
	return wrap("escrow.set_frozen", err)
}
