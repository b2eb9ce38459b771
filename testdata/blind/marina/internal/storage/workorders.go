package storage

import (
	"context"

	"github.com/harbourline/marina/internal/domain"
)

type WorkOrderRepository interface {
	Insert(ctx context.Context, w *domain.WorkOrder) error
	Get(ctx context.Context, id string) (*domain.WorkOrder, error)
	AddLine(ctx context.Context, l *domain.WorkOrderLine) error
	Lines(ctx context.Context, workOrderID string) ([]domain.WorkOrderLine, error)
	MarkInvoiced(ctx context.Context, id string) (bool, error)
}

type workOrderRepo struct{ q Querier }

func (r *workOrderRepo) Insert(ctx context.Context, w *domain.WorkOrder) error {
	_, err := r.q.Exec(ctx, `
		INSERT INTO work_orders (id, vessel_id, boater_id, kind, status, lift_on, yard_booking_ref, notes)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		w.ID, w.VesselID, w.BoaterID, w.Kind, w.Status, w.LiftOn, nullable(w.YardBookingRef), w.Notes)
	return err
}

func (r *workOrderRepo) Get(ctx context.Context, id string) (*domain.WorkOrder, error) {
	var w domain.WorkOrder
	var ref *string
	err := r.q.QueryRow(ctx, `
		SELECT id, vessel_id, boater_id, kind, status, lift_on, yard_booking_ref, notes, completed_at, invoiced_at
		FROM work_orders WHERE id = $1`, id).
		Scan(&w.ID, &w.VesselID, &w.BoaterID, &w.Kind, &w.Status, &w.LiftOn, &ref, &w.Notes, &w.CompletedAt, &w.InvoicedAt)
	if err != nil {
		return nil, notFound(err)
	}
	if ref != nil {
		w.YardBookingRef = *ref
	}
	return &w, nil
}

func (r *workOrderRepo) AddLine(ctx context.Context, l *domain.WorkOrderLine) error {
	return r.q.QueryRow(ctx, `
		INSERT INTO work_order_lines (work_order_id, description, quantity, unit_cents, created_by)
		VALUES ($1, $2, $3, $4, $5)
		RETURNING id`, l.WorkOrderID, l.Description, l.Quantity, l.UnitCents, l.CreatedBy).Scan(&l.ID)
}

func (r *workOrderRepo) Lines(ctx context.Context, workOrderID string) ([]domain.WorkOrderLine, error) {
	rows, err := r.q.Query(ctx, `
		SELECT id, work_order_id, description, quantity::float8, unit_cents, created_by
		FROM work_order_lines WHERE work_order_id = $1 ORDER BY id`, workOrderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.WorkOrderLine
	for rows.Next() {
		var l domain.WorkOrderLine
		if err := rows.Scan(&l.ID, &l.WorkOrderID, &l.Description, &l.Quantity, &l.UnitCents, &l.CreatedBy); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

func (r *workOrderRepo) MarkInvoiced(ctx context.Context, id string) (bool, error) {
	tag, err := r.q.Exec(ctx, `
		UPDATE work_orders SET status = 'invoiced', completed_at = COALESCE(completed_at, now()), invoiced_at = now()
		WHERE id = $1 AND status IN ('scheduled', 'in_progress', 'completed')`, id)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

type LedgerRepository interface {
	Post(ctx context.Context, e *domain.LedgerEntry) error
}

type ledgerRepo struct{ q Querier }

func (r *ledgerRepo) Post(ctx context.Context, e *domain.LedgerEntry) error {
	return r.q.QueryRow(ctx, `
		INSERT INTO account_ledger (boater_id, source_type, source_id, description, amount_cents)
		VALUES ($1, $2, $3, $4, $5)
		RETURNING id, posted_at`,
		e.BoaterID, e.SourceType, e.SourceID, e.Description, e.AmountCents).Scan(&e.ID, &e.PostedAt)
}
