package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/ironkettle/taproute/internal/domain"
)

// KegRepo keeps the keg deposit ledger, per-account keg balances, driver
// pickups of empties, deposit refunds, and the brewery's keg fleet counts.
type KegRepo struct{}

// NewKegRepo constructs a KegRepo.
func NewKegRepo() *KegRepo { return &KegRepo{} }

// AppendLedger writes one deposit ledger row.
func (r *KegRepo) AppendLedger(ctx context.Context, q Querier, e domain.DepositEntry) error {
	_, err := q.Exec(ctx, `
		INSERT INTO keg_deposit_ledger (id, account_id, kind, package, keg_count, amount_cents, delivery_id, return_id, memo)
		VALUES ($1, $2, $3, $4, $5, $6, $7, NULLIF($8, ''), $9)`,
		e.ID, e.AccountID, e.Kind, string(e.Package), e.KegCount, e.AmountCents, e.DeliveryID, e.ReturnID, e.Memo)
	if err != nil {
		return fmt.Errorf("append deposit ledger: %w", err)
	}
	return nil
}

// AppendLedgerOnce writes a ledger row keyed by the caller's idempotency key.
// It reports false if a row with that key already exists for the account.
func (r *KegRepo) AppendLedgerOnce(ctx context.Context, q Querier, e domain.DepositEntry) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO keg_deposit_ledger (id, account_id, kind, package, keg_count, amount_cents, idempotency_key, memo)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (account_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING`,
		e.ID, e.AccountID, e.Kind, string(e.Package), e.KegCount, e.AmountCents, e.IdempotencyKey, e.Memo)
	if err != nil {
		return false, fmt.Errorf("append deposit ledger: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// AdjustBalance adds kegs and deposit dollars to the account's running
// balance for a package (negative values for returns).
func (r *KegRepo) AdjustBalance(ctx context.Context, q Querier, accountID string, pkg domain.Package, kegs int, cents int64) error {
	_, err := q.Exec(ctx, `
		INSERT INTO account_keg_balances (account_id, package, kegs_out, deposit_cents)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (account_id, package) DO UPDATE
		   SET kegs_out = account_keg_balances.kegs_out + EXCLUDED.kegs_out,
		       deposit_cents = account_keg_balances.deposit_cents + EXCLUDED.deposit_cents`,
		accountID, string(pkg), kegs, cents)
	return err
}

// Balance is an account's outstanding kegs and deposits for one package.
type Balance struct {
	Package      domain.Package
	KegsOut      int
	DepositCents int64
}

// Balances lists an account's keg balances.
func (r *KegRepo) Balances(ctx context.Context, q Querier, accountID string) ([]Balance, error) {
	rows, err := q.Query(ctx, `
		SELECT package, kegs_out, deposit_cents FROM account_keg_balances
		 WHERE account_id = $1 ORDER BY package`, accountID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Balance
	for rows.Next() {
		var b Balance
		var pkg string
		if err := rows.Scan(&pkg, &b.KegsOut, &b.DepositCents); err != nil {
			return nil, err
		}
		b.Package = domain.Package(pkg)
		out = append(out, b)
	}
	return out, rows.Err()
}

// InsertReturnIfAbsent records a pickup of empties; the driver app's pickup
// reference plus package identifies it.
func (r *KegRepo) InsertReturnIfAbsent(ctx context.Context, q Querier, kr domain.KegReturn) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO keg_returns (id, account_id, pickup_ref, package, keg_count, picked_up_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT ON CONSTRAINT keg_returns_pickup_uniq DO NOTHING`,
		kr.ID, kr.AccountID, kr.PickupRef, string(kr.Package), kr.KegCount, kr.PickedUpAt)
	if err != nil {
		return false, fmt.Errorf("insert keg return: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// GetReturnByPickup loads a pickup by driver reference and package.
func (r *KegRepo) GetReturnByPickup(ctx context.Context, q Querier, pickupRef string, pkg domain.Package) (domain.KegReturn, error) {
	var kr domain.KegReturn
	var p string
	err := q.QueryRow(ctx, `
		SELECT id, account_id, pickup_ref, package, keg_count, picked_up_at
		  FROM keg_returns WHERE pickup_ref = $1 AND package = $2`, pickupRef, string(pkg)).
		Scan(&kr.ID, &kr.AccountID, &kr.PickupRef, &p, &kr.KegCount, &kr.PickedUpAt)
	kr.Package = domain.Package(p)
	return kr, notFound(err)
}

// InsertRefundIfAbsent creates the pending refund for a return.
func (r *KegRepo) InsertRefundIfAbsent(ctx context.Context, q Querier, rf domain.KegRefund) error {
	_, err := q.Exec(ctx, `
		INSERT INTO keg_refunds (id, return_id, account_id, amount_cents)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT ON CONSTRAINT keg_refunds_return_uniq DO NOTHING`,
		rf.ID, rf.ReturnID, rf.AccountID, rf.AmountCents)
	return err
}

// GetRefundByReturn loads the refund for a return.
func (r *KegRepo) GetRefundByReturn(ctx context.Context, q Querier, returnID string) (domain.KegRefund, error) {
	var rf domain.KegRefund
	err := q.QueryRow(ctx, `
		SELECT id, return_id, account_id, amount_cents, status, COALESCE(provider_credit_id, '')
		  FROM keg_refunds WHERE return_id = $1`, returnID).
		Scan(&rf.ID, &rf.ReturnID, &rf.AccountID, &rf.AmountCents, &rf.Status, &rf.ProviderCreditID)
	return rf, notFound(err)
}

// MarkRefundSent records the provider's credit id.
func (r *KegRepo) MarkRefundSent(ctx context.Context, q Querier, id uuid.UUID, creditID string, at time.Time) error {
	_, err := q.Exec(ctx, `
		UPDATE keg_refunds SET status = 'sent', provider_credit_id = $2, sent_at = $3
		 WHERE id = $1 AND status = 'pending'`, id, creditID, at)
	return err
}

// MoveFleet moves kegs from in-trade to the dirty pile at the brewery.
func (r *KegRepo) MoveFleet(ctx context.Context, q Querier, pkg domain.Package, kegs int) error {
	_, err := q.Exec(ctx, `
		INSERT INTO keg_fleet (package, dirty, in_trade) VALUES ($1, $2, 0)
		ON CONFLICT (package) DO UPDATE
		   SET dirty = keg_fleet.dirty + EXCLUDED.dirty,
		       in_trade = GREATEST(keg_fleet.in_trade - EXCLUDED.dirty, 0)`, string(pkg), kegs)
	return err
}

// ShipFleet moves clean kegs out into trade.
func (r *KegRepo) ShipFleet(ctx context.Context, q Querier, pkg domain.Package, kegs int) error {
	_, err := q.Exec(ctx, `
		INSERT INTO keg_fleet (package, at_brewery, in_trade) VALUES ($1, 0, $2)
		ON CONFLICT (package) DO UPDATE
		   SET at_brewery = GREATEST(keg_fleet.at_brewery - EXCLUDED.in_trade, 0),
		       in_trade = keg_fleet.in_trade + EXCLUDED.in_trade`, string(pkg), kegs)
	return err
}
