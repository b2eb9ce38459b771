package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"github.com/lib/pq"

	"github.com/cityparking/parking/internal/domain"
)

type ChargeRepository interface {
	Create(ctx context.Context, tx *sqlx.Tx, c *domain.Charge) error
	// InsertIfAbsent inserts c unless a charge with the same ID exists.
	InsertIfAbsent(ctx context.Context, tx *sqlx.Tx, c *domain.Charge) (bool, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Charge, error)
	GetBySession(ctx context.Context, sessionID uuid.UUID) (*domain.Charge, error)
	MarkSucceeded(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, paymentIntentID string) error
	MarkFailed(ctx context.Context, id uuid.UUID, reason string) error
	ListUnbatched(ctx context.Context, tx *sqlx.Tx, before time.Time, limit int) ([]domain.Charge, error)
	AssignBatch(ctx context.Context, tx *sqlx.Tx, ids []uuid.UUID, batchID uuid.UUID) error
	RecordAttempt(ctx context.Context, a domain.ChargeAttempt) error
}

type chargeRepo struct{ db *sqlx.DB }

func NewChargeRepository(db *sqlx.DB) ChargeRepository { return &chargeRepo{db: db} }

const chargeCols = `id, account_id, session_id, garage_session_id, amount_cents, currency, status,
	payment_intent_id, batch_id, failure_reason, created_at, updated_at`

const insertCharge = `
	INSERT INTO charges (id, account_id, session_id, garage_session_id, amount_cents, currency,
		status, created_at, updated_at)
	VALUES (:id, :account_id, :session_id, :garage_session_id, :amount_cents, :currency,
		:status, :created_at, :updated_at)`

func (r *chargeRepo) Create(ctx context.Context, tx *sqlx.Tx, c *domain.Charge) error {
	_, err := sqlx.NamedExecContext(ctx, q(r.db, tx), insertCharge, c)
	return err
}

func (r *chargeRepo) InsertIfAbsent(ctx context.Context, tx *sqlx.Tx, c *domain.Charge) (bool, error) {
	res, err := sqlx.NamedExecContext(ctx, q(r.db, tx), insertCharge+` ON CONFLICT (id) DO NOTHING`, c)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *chargeRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Charge, error) {
	var c domain.Charge
	if err := r.db.GetContext(ctx, &c, `SELECT `+chargeCols+` FROM charges WHERE id = $1`, id); err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

func (r *chargeRepo) GetBySession(ctx context.Context, sessionID uuid.UUID) (*domain.Charge, error) {
	var c domain.Charge
	err := r.db.GetContext(ctx, &c, `SELECT `+chargeCols+`
		FROM charges WHERE session_id = $1 ORDER BY created_at DESC LIMIT 1`, sessionID)
	if err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

func (r *chargeRepo) MarkSucceeded(ctx context.Context, tx *sqlx.Tx, id uuid.UUID, paymentIntentID string) error {
	_, err := q(r.db, tx).ExecContext(ctx, `
		UPDATE charges SET status = 'succeeded', payment_intent_id = $2, failure_reason = NULL, updated_at = now()
		WHERE id = $1`, id, paymentIntentID)
	return err
}

func (r *chargeRepo) MarkFailed(ctx context.Context, id uuid.UUID, reason string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE charges SET status = 'failed', failure_reason = $2, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, reason)
	return err
}

func (r *chargeRepo) ListUnbatched(ctx context.Context, tx *sqlx.Tx, before time.Time, limit int) ([]domain.Charge, error) {
	var cs []domain.Charge
	err := q(r.db, tx).SelectContext(ctx, &cs, `SELECT `+chargeCols+`
		FROM charges WHERE status = 'pending' AND batch_id IS NULL AND created_at < $1
		ORDER BY created_at LIMIT $2`, before, limit)
	return cs, err
}

func (r *chargeRepo) AssignBatch(ctx context.Context, tx *sqlx.Tx, ids []uuid.UUID, batchID uuid.UUID) error {
	strs := make([]string, len(ids))
	for i, id := range ids {
		strs[i] = id.String()
	}
	_, err := q(r.db, tx).ExecContext(ctx, `
		UPDATE charges SET batch_id = $2, updated_at = now()
		WHERE id = ANY($1::uuid[]) AND batch_id IS NULL`, pq.Array(strs), batchID)
	return err
}

func (r *chargeRepo) RecordAttempt(ctx context.Context, a domain.ChargeAttempt) error {
	_, err := r.db.NamedExecContext(ctx, `
		INSERT INTO charge_attempts (id, charge_id, attempt, outcome, detail, created_at)
		VALUES (:id, :charge_id, :attempt, :outcome, :detail, :created_at)`, a)
	return err
}
