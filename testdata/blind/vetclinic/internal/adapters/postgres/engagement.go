package postgres

import (
	"context"
	"time"

	"github.com/pawpath/vetclinic/internal/core/domain"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/ids"
)

type NotificationRepo struct{ Store }

func NewNotificationRepo(s Store) *NotificationRepo { return &NotificationRepo{s} }

var notificationsTable = Table[domain.Notification]{
	Name:     "notifications",
	Cols:     []string{"id", "kind", "ref_id", "channel", "recipient"},
	Conflict: "ON CONSTRAINT notifications_ref_key",
}

func (r *NotificationRepo) Exists(ctx context.Context, kind, refID, channel string) (bool, error) {
	var ok bool
	err := r.q(ctx).GetContext(ctx, &ok, `
		SELECT EXISTS (SELECT 1 FROM notifications WHERE kind = $1 AND ref_id = $2 AND channel = $3)`,
		kind, refID, channel)
	if err != nil {
		return false, errs.E(errs.Op("notifications.Exists"), errs.Internal, err)
	}
	return ok, nil
}

func (r *NotificationRepo) Record(ctx context.Context, n domain.Notification) error {
	_, err := notificationsTable.InsertIgnore(ctx, r.q(ctx), "notifications.Record", n)
	return err
}

func (r *NotificationRepo) ClaimDunning(ctx context.Context, invoiceID string, level int) (bool, error) {
	n, err := exec(ctx, r.q(ctx), "notifications.ClaimDunning", `
		INSERT INTO dunning_notices (invoice_id, level) VALUES ($1, $2)
		ON CONFLICT (invoice_id, level) DO NOTHING`, invoiceID, level)
	return n == 1, err
}

func (r *NotificationRepo) FinishDunning(ctx context.Context, invoiceID string, level int, sendErr error) error {
	if sendErr != nil {
		_, err := exec(ctx, r.q(ctx), "notifications.FinishDunning", `
			UPDATE dunning_notices SET status = 'failed', error = $3
			 WHERE invoice_id = $1 AND level = $2`, invoiceID, level, sendErr.Error())
		return err
	}
	_, err := exec(ctx, r.q(ctx), "notifications.FinishDunning", `
		UPDATE dunning_notices SET status = 'sent', sent_at = now()
		 WHERE invoice_id = $1 AND level = $2`, invoiceID, level)
	return err
}

type WalletRepo struct{ Store }

func NewWalletRepo(s Store) *WalletRepo { return &WalletRepo{s} }

var ledgerTable = Table[domain.LedgerEntry]{
	Name:     "loyalty_entries",
	Cols:     []string{"id", "wallet_id", "points", "reason", "source_type", "source_id", "external_ref", "memo", "created_at"},
	Conflict: "(external_ref) WHERE external_ref IS NOT NULL",
}

func (r *WalletRepo) GetOrCreate(ctx context.Context, ownerID string) (domain.Wallet, error) {
	const op errs.Op = "wallets.GetOrCreate"
	q := r.q(ctx)
	if _, err := exec(ctx, q, op, `
		INSERT INTO loyalty_wallets (id, owner_id) VALUES ($1, $2)
		ON CONFLICT ON CONSTRAINT loyalty_wallets_owner_key DO NOTHING`, ids.New(), ownerID); err != nil {
		return domain.Wallet{}, err
	}
	return one[domain.Wallet](ctx, q, op, `SELECT * FROM loyalty_wallets WHERE owner_id = $1`, ownerID)
}

func (r *WalletRepo) LockByOwner(ctx context.Context, ownerID string) (domain.Wallet, error) {
	return one[domain.Wallet](ctx, r.q(ctx), "wallets.LockByOwner",
		`SELECT * FROM loyalty_wallets WHERE owner_id = $1 FOR UPDATE`, ownerID)
}

// Append writes a ledger entry. Entries with an external reference are
// written at most once; inserted is false for a repeat.
func (r *WalletRepo) Append(ctx context.Context, e domain.LedgerEntry) (bool, error) {
	const op errs.Op = "wallets.Append"
	if e.ExternalRef.Valid {
		return ledgerTable.InsertIgnore(ctx, r.q(ctx), op, e)
	}
	if err := ledgerTable.Insert(ctx, r.q(ctx), op, e); err != nil {
		return false, err
	}
	return true, nil
}

func (r *WalletRepo) Adjust(ctx context.Context, walletID string, delta int64) (domain.Wallet, error) {
	const op errs.Op = "wallets.Adjust"
	var w domain.Wallet
	err := r.q(ctx).GetContext(ctx, &w, `
		UPDATE loyalty_wallets
		   SET balance_points = balance_points + $2,
		       lifetime_points = lifetime_points + GREATEST($2, 0),
		       updated_at = now()
		 WHERE id = $1
		RETURNING *`, walletID, delta)
	if err != nil {
		return w, mapPQ(op, err)
	}
	return w, nil
}

// Expirable sums, per wallet, points earned before olderThan that later
// spending and earlier expiries have not consumed.
func (r *WalletRepo) Expirable(ctx context.Context, olderThan time.Time) ([]ports.ExpiringBalance, error) {
	return many[ports.ExpiringBalance](ctx, r.q(ctx), "wallets.Expirable", `
		WITH earned AS (
		    SELECT wallet_id, SUM(points) AS pts FROM loyalty_entries
		     WHERE points > 0 AND created_at < $1 GROUP BY wallet_id),
		spent AS (
		    SELECT wallet_id, -SUM(points) AS pts FROM loyalty_entries
		     WHERE points < 0 GROUP BY wallet_id)
		SELECT e.wallet_id, LEAST(e.pts - COALESCE(s.pts, 0), w.balance_points) AS points
		  FROM earned e
		  JOIN loyalty_wallets w ON w.id = e.wallet_id
		  LEFT JOIN spent s ON s.wallet_id = e.wallet_id
		 WHERE e.pts - COALESCE(s.pts, 0) > 0 AND w.balance_points > 0`, olderThan)
}
