package store

import (
	"context"
	"time"

	"github.com/gridwell/utilities/internal/domain"
)

type workOrderRepo struct{ q Querier }

const workOrderCols = `id, account_id, meter_id, kind, reason_ref, status, partner_order_id, scheduled_for, created_at`

func (r *workOrderRepo) Insert(ctx context.Context, wo domain.WorkOrder) error {
	_, err := r.q.NamedExecContext(ctx, `
		INSERT INTO work_orders (id, account_id, meter_id, kind, reason_ref, status, partner_order_id, scheduled_for, created_at)
		VALUES (:id, :account_id, :meter_id, :kind, :reason_ref, :status, :partner_order_id, :scheduled_for, :created_at)`, wo)
	return err
}

func (r *workOrderRepo) InsertIfAbsent(ctx context.Context, wo domain.WorkOrder) (bool, error) {
	res, err := r.q.NamedExecContext(ctx, `
		INSERT IGNORE INTO work_orders (id, account_id, meter_id, kind, reason_ref, status, created_at)
		VALUES (:id, :account_id, :meter_id, :kind, :reason_ref, :status, :created_at)`, wo)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *workOrderRepo) Get(ctx context.Context, id string) (*domain.WorkOrder, error) {
	var wo domain.WorkOrder
	if err := r.q.GetContext(ctx, &wo, `SELECT `+workOrderCols+` FROM work_orders WHERE id = ?`, id); err != nil {
		return nil, notFound(err)
	}
	return &wo, nil
}

func (r *workOrderRepo) GetByReason(ctx context.Context, kind domain.WorkOrderKind, reasonRef string) (*domain.WorkOrder, error) {
	var wo domain.WorkOrder
	if err := r.q.GetContext(ctx, &wo, `SELECT `+workOrderCols+` FROM work_orders
		WHERE kind = ? AND reason_ref = ?`, kind, reasonRef); err != nil {
		return nil, notFound(err)
	}
	return &wo, nil
}

func (r *workOrderRepo) MarkDispatched(ctx context.Context, id, partnerOrderID string, scheduledFor *time.Time) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE work_orders SET status = 'dispatched', partner_order_id = ?, scheduled_for = ?
		WHERE id = ?`, partnerOrderID, scheduledFor, id)
	return err
}
