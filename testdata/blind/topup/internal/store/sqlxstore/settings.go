package sqlxstore

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/example/topup/internal/domain"
)

type Settings struct{}

func NewSettings() *Settings { return &Settings{} }

func (r *Settings) UpsertAutoRecharge(ctx context.Context, q Queryer, s domain.AutoRecharge) (*domain.AutoRecharge, error) {
	rows, err := sqlx.NamedQueryContext(ctx, q, `
		INSERT INTO autorecharge_settings (customer_id, enabled, threshold_cents, amount_cents, operator, updated_at)
		VALUES (:customer_id, :enabled, :threshold_cents, :amount_cents, :operator, now())
		ON CONFLICT (customer_id) DO UPDATE SET
			enabled = EXCLUDED.enabled,
			threshold_cents = EXCLUDED.threshold_cents,
			amount_cents = EXCLUDED.amount_cents,
			operator = EXCLUDED.operator,
			updated_at = now()
		RETURNING customer_id, enabled, threshold_cents, amount_cents, operator, updated_at`, s)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out domain.AutoRecharge
	if rows.Next() {
		if err := rows.StructScan(&out); err != nil {
			return nil, err
		}
	}
	return &out, rows.Err()
}
