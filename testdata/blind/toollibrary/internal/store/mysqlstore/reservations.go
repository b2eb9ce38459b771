package mysqlstore

import (
	"context"
	"time"

	"github.com/shedshare/toolsd/internal/domain"
)

type reservationRepo struct{ q querier }

const reservationCols = `id, member_id, tool_id, branch_id, locker_id, status, pickup_from, pickup_until,
	loan_days, created_at, updated_at, cancelled_at`

func (r reservationRepo) Insert(ctx context.Context, res *domain.Reservation) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO reservations (`+reservationCols+`)
		VALUES (:id, :member_id, :tool_id, :branch_id, :locker_id, :status, :pickup_from, :pickup_until,
			:loan_days, :created_at, :updated_at, :cancelled_at)`, res)
	return err
}

func (r reservationRepo) Get(ctx context.Context, id string) (*domain.Reservation, error) {
	var res domain.Reservation
	if err := r.q.GetContext(ctx, &res, `SELECT `+reservationCols+` FROM reservations WHERE id = ?`, id); err != nil {
		return nil, notFound(err, "reservation "+id)
	}
	return &res, nil
}

func (r reservationRepo) GetForUpdate(ctx context.Context, id string) (*domain.Reservation, error) {
	var res domain.Reservation
	if err := r.q.GetContext(ctx, &res, `SELECT `+reservationCols+` FROM reservations WHERE id = ? FOR UPDATE`, id); err != nil {
		return nil, notFound(err, "reservation "+id)
	}
	return &res, nil
}

func (r reservationRepo) Transition(ctx context.Context, id string, from []domain.ReservationStatus, to domain.ReservationStatus, at time.Time) (bool, error) {
	var cancelledAt any
	if to == domain.ReservationCancelled {
		cancelledAt = at
	}
	query, args, err := in(r.q, `
		UPDATE reservations SET status = ?, updated_at = ?, cancelled_at = COALESCE(?, cancelled_at)
		WHERE id = ? AND status IN (?)`, to, at, cancelledAt, id, from)
	if err != nil {
		return false, err
	}
	return affected(r.q.ExecContext(ctx, query, args...))
}

func (r reservationRepo) ActiveForTool(ctx context.Context, toolID string) (int, error) {
	var n int
	err := r.q.GetContext(ctx, &n, `
		SELECT COUNT(*) FROM reservations WHERE tool_id = ? AND status IN ('pending', 'ready')`, toolID)
	return n, err
}

type idempotencyRepo struct{ q querier }

func (r idempotencyRepo) Claim(ctx context.Context, k *domain.IdempotencyKey) (*domain.IdempotencyKey, bool, error) {
	created, err := affected(r.q.NamedExecContext(ctx, `
		INSERT IGNORE INTO idempotency_keys (scope, member_id, idem_key, request_hash, resource_id, created_at)
		VALUES (:scope, :member_id, :idem_key, :request_hash, :resource_id, :created_at)`, k))
	if err != nil {
		return nil, false, err
	}
	if created {
		return k, true, nil
	}
	var stored domain.IdempotencyKey
	err = r.q.GetContext(ctx, &stored, `
		SELECT scope, member_id, idem_key, request_hash, resource_id, created_at
		FROM idempotency_keys WHERE scope = ? AND member_id = ? AND idem_key = ? FOR UPDATE`,
		k.Scope, k.MemberID, k.Key)
	if err != nil {
		return nil, false, err
	}
	return &stored, false, nil
}
