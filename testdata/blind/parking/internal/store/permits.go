package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
)

type PermitRepository interface {
	// UpsertPending inserts a pending permit for (zone, plate, valid_from) or
	// returns the one that already exists for that period.
	UpsertPending(ctx context.Context, tx *sqlx.Tx, p *domain.Permit) (*domain.Permit, error)
	Activate(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, paymentIntentID string) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Permit, error)
	FindRenewalOf(ctx context.Context, id uuid.UUID) (*domain.Permit, error)
	InsertRenewal(ctx context.Context, tx *sqlx.Tx, p *domain.Permit) error
	ListExpiringOn(ctx context.Context, day time.Time) ([]domain.Permit, error)
}

type permitRepo struct{ db *sqlx.DB }

func NewPermitRepository(db *sqlx.DB) PermitRepository { return &permitRepo{db: db} }

const permitCols = `id, account_id, zone_id, plate, valid_from, valid_to, price_cents, status,
	auto_renew, renewed_from_id, payment_intent_id, created_at`

func (r *permitRepo) UpsertPending(ctx context.Context, tx *sqlx.Tx, p *domain.Permit) (*domain.Permit, error) {
	_, err := sqlx.NamedExecContext(ctx, q(r.db, tx), `
		INSERT INTO permits (id, account_id, zone_id, plate, valid_from, valid_to, price_cents,
			status, auto_renew, created_at)
		VALUES (:id, :account_id, :zone_id, :plate, :valid_from, :valid_to, :price_cents,
			:status, :auto_renew, :created_at)
		ON CONFLICT (zone_id, plate, valid_from) DO NOTHING`, p)
	if err != nil {
		return nil, err
	}
	var out domain.Permit
	err = q(r.db, tx).GetContext(ctx, &out, `SELECT `+permitCols+`
		FROM permits WHERE zone_id = $1 AND plate = $2 AND valid_from = $3`, p.ZoneID, p.Plate, p.ValidFrom)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func (r *permitRepo) Activate(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, paymentIntentID string) error {
	_, err := q(r.db, tx).ExecContext(ctx, `
		UPDATE permits SET status = 'active', payment_intent_id = $2 WHERE id = $1`, id, paymentIntentID)
	return err
}

func (r *permitRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Permit, error) {
	var p domain.Permit
	if err := r.db.GetContext(ctx, &p, `SELECT `+permitCols+` FROM permits WHERE id = $1`, id); err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

func (r *permitRepo) FindRenewalOf(ctx context.Context, id uuid.UUID) (*domain.Permit, error) {
	var p domain.Permit
	err := r.db.GetContext(ctx, &p, `SELECT `+permitCols+` FROM permits WHERE renewed_from_id = $1`, id)
	if err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

func (r *permitRepo) InsertRenewal(ctx context.Context, tx *sqlx.Tx, p *domain.Permit) error {
	_, err := sqlx.NamedExecContext(ctx, q(r.db, tx), `
		INSERT INTO permits (id, account_id, zone_id, plate, valid_from, valid_to, price_cents,
			status, auto_renew, renewed_from_id, payment_intent_id, created_at)
		VALUES (:id, :account_id, :zone_id, :plate, :valid_from, :valid_to, :price_cents,
			:status, :auto_renew, :renewed_from_id, :payment_intent_id, :created_at)
		ON CONFLICT (zone_id, plate, valid_from) DO NOTHING`, p)
	return err
}

func (r *permitRepo) ListExpiringOn(ctx context.Context, day time.Time) ([]domain.Permit, error) {
	var ps []domain.Permit
	err := r.db.SelectContext(ctx, &ps, `SELECT `+permitCols+`
		FROM permits WHERE status = 'active' AND valid_to = $1::date ORDER BY id`, day)
	return ps, err
}
