package payouts

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/domain"
)

type Repository interface {
	NotariesOwed(ctx context.Context, before time.Time) ([]string, error)
	EnsurePayout(ctx context.Context, notaryID, period, id string, before time.Time) (domain.Payout, error)
	OpenPayouts(ctx context.Context, period string) ([]PendingPayout, error)
	MarkPaid(ctx context.Context, id, providerRef string) error
}

type PendingPayout struct {
	domain.Payout
	Account string `db:"payout_account"`
}

type pgRepo struct {
	db *sqlx.DB
	tx dbx.TxRunner
}

func NewRepository(db *sqlx.DB, tx dbx.TxRunner) Repository {
	return &pgRepo{db: db, tx: tx}
}

func (r *pgRepo) NotariesOwed(ctx context.Context, before time.Time) ([]string, error) {
	var ids []string
	err := sqlx.SelectContext(ctx, dbx.Ext(ctx, r.db), &ids, `
		SELECT DISTINCT notary_id FROM notary_earnings
		WHERE payout_id IS NULL AND created_at < $1`, before)
	return ids, err
}

// EnsurePayout creates the payout for (notary, period) and attaches the
// unpaid earnings to it in one transaction. An existing payout for the
// period is returned unchanged.
func (r *pgRepo) EnsurePayout(ctx context.Context, notaryID, period, id string, before time.Time) (domain.Payout, error) {
	var p domain.Payout
	err := r.tx.InTx(ctx, func(ctx context.Context) error {
		ext := dbx.Ext(ctx, r.db)
		created, err := dbx.RowsAffected(ext.ExecContext(ctx, `
			INSERT INTO payouts (id, notary_id, period, amount_cents, status)
			VALUES ($1, $2, $3, 0, 'pending')
			ON CONFLICT (notary_id, period) DO NOTHING`, id, notaryID, period))
		if err != nil {
			return err
		}
		if created == 1 {
			if _, err := ext.ExecContext(ctx, `
				WITH attached AS (
					UPDATE notary_earnings SET payout_id = $1
					WHERE notary_id = $2 AND payout_id IS NULL AND created_at < $3
					RETURNING amount_cents)
				UPDATE payouts SET amount_cents = (SELECT coalesce(sum(amount_cents), 0) FROM attached)
				WHERE id = $1`, id, notaryID, before); err != nil {
				return err
			}
		}
		return sqlx.GetContext(ctx, ext, &p,
			`SELECT * FROM payouts WHERE notary_id = $1 AND period = $2`, notaryID, period)
	})
	return p, err
}

func (r *pgRepo) OpenPayouts(ctx context.Context, period string) ([]PendingPayout, error) {
	var out []PendingPayout
	err := sqlx.SelectContext(ctx, dbx.Ext(ctx, r.db), &out, `
		SELECT p.*, n.payout_account FROM payouts p JOIN notaries n ON n.id = p.notary_id
		WHERE p.period = $1 AND p.status = 'pending'`, period)
	return out, err
}

func (r *pgRepo) MarkPaid(ctx context.Context, id, providerRef string) error {
	_, err := dbx.Ext(ctx, r.db).ExecContext(ctx, `
		UPDATE payouts SET status = 'paid', provider_ref = $2, paid_at = now()
		WHERE id = $1 AND status = 'pending'`, id, providerRef)
	return err
}
