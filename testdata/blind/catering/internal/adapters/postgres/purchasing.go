package postgres

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/forkandfeast/catering/internal/core/domain"
)

type PurchaseOrderRepo struct{ db *DB }

func NewPurchaseOrderRepo(db *DB) *PurchaseOrderRepo { return &PurchaseOrderRepo{db: db} }

const poCols = `id, event_id, supplier_code, status, COALESCE(partner_order_id, ''), headcount, deliver_on,
	total_cents, submitted_at`

func scanPO(row pgx.Row) (domain.PurchaseOrder, error) {
	var (
		po     domain.PurchaseOrder
		status string
	)
	err := row.Scan(&po.ID, &po.EventID, &po.SupplierCode, &status, &po.PartnerOrderID, &po.Headcount, &po.DeliverOn,
		&po.TotalCents, &po.SubmittedAt)
	po.Status = domain.POStatus(status)
	return po, err
}

func (r *PurchaseOrderRepo) loadLines(ctx context.Context, po *domain.PurchaseOrder) error {
	rows, err := r.db.q(ctx).Query(ctx, `
		SELECT sku, quantity::float8, unit, per_head::float8, unit_cost_cents
		  FROM purchase_order_lines WHERE purchase_order_id = $1 ORDER BY sku`, po.ID)
	if err != nil {
		return mapErr(err)
	}
	po.Lines, err = collect(rows, func(row pgx.Row) (domain.POLine, error) {
		var l domain.POLine
		err := row.Scan(&l.SKU, &l.Quantity, &l.Unit, &l.PerHead, &l.UnitCostCents)
		return l, err
	})
	return err
}

func (r *PurchaseOrderRepo) CreateDraft(ctx context.Context, po domain.PurchaseOrder) (domain.PurchaseOrder, bool, error) {
	q := r.db.q(ctx)
	var id uuid.UUID
	err := q.QueryRow(ctx, `
		INSERT INTO purchase_orders (id, event_id, supplier_code, status, headcount, deliver_on, total_cents)
		VALUES ($1, $2, $3, 'draft', $4, $5, $6)
		ON CONFLICT (event_id, supplier_code) DO NOTHING
		RETURNING id`,
		po.ID, po.EventID, po.SupplierCode, po.Headcount, po.DeliverOn, po.TotalCents).Scan(&id)
	if err == pgx.ErrNoRows {
		stored, err := scanPO(q.QueryRow(ctx, `
			SELECT `+poCols+` FROM purchase_orders WHERE event_id = $1 AND supplier_code = $2`,
			po.EventID, po.SupplierCode))
		if err != nil {
			return domain.PurchaseOrder{}, false, mapErr(err)
		}
		return stored, false, r.loadLines(ctx, &stored)
	}
	if err != nil {
		return domain.PurchaseOrder{}, false, mapErr(err)
	}
	for _, l := range po.Lines {
		if _, err := q.Exec(ctx, `
			INSERT INTO purchase_order_lines (purchase_order_id, sku, quantity, unit, per_head, unit_cost_cents)
			VALUES ($1, $2, $3, $4, $5, $6)`,
			id, l.SKU, l.Quantity, l.Unit, l.PerHead, l.UnitCostCents); err != nil {
			return domain.PurchaseOrder{}, false, mapErr(err)
		}
	}
	po.Status = domain.PODraft
	return po, true, nil
}

func (r *PurchaseOrderRepo) Get(ctx context.Context, id uuid.UUID) (domain.PurchaseOrder, error) {
	po, err := scanPO(r.db.q(ctx).QueryRow(ctx, `SELECT `+poCols+` FROM purchase_orders WHERE id = $1`, id))
	if err != nil {
		return po, mapErr(err)
	}
	return po, r.loadLines(ctx, &po)
}

func (r *PurchaseOrderRepo) ListForEvent(ctx context.Context, eventID uuid.UUID) ([]domain.PurchaseOrder, error) {
	rows, err := r.db.q(ctx).Query(ctx, `
		SELECT `+poCols+` FROM purchase_orders WHERE event_id = $1 ORDER BY supplier_code`, eventID)
	if err != nil {
		return nil, mapErr(err)
	}
	return collect(rows, scanPO)
}

func (r *PurchaseOrderRepo) MarkSubmitted(ctx context.Context, id uuid.UUID, partnerOrderID string, at time.Time) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE purchase_orders
		   SET status = 'submitted', partner_order_id = $2, submitted_at = $3
		 WHERE id = $1`, id, partnerOrderID, at)
	return mapErr(err)
}

// AddAmendment stores an accepted amendment and grows the order's lines.
func (r *PurchaseOrderRepo) AddAmendment(ctx context.Context, poID uuid.UUID, from, to int, partnerAmendmentID string, extra []domain.POLine) error {
	q := r.db.q(ctx)
	if _, err := q.Exec(ctx, `
		INSERT INTO purchase_order_amendments (id, purchase_order_id, headcount_from, headcount_to, partner_amendment_id)
		VALUES ($1, $2, $3, $4, $5)`,
		uuid.New(), poID, from, to, partnerAmendmentID); err != nil {
		return mapErr(err)
	}
	for _, l := range extra {
		if _, err := q.Exec(ctx, `
			UPDATE purchase_order_lines SET quantity = quantity + $3
			 WHERE purchase_order_id = $1 AND sku = $2`, poID, l.SKU, l.Quantity); err != nil {
			return mapErr(err)
		}
	}
	_, err := q.Exec(ctx, `UPDATE purchase_orders SET headcount = $2 WHERE id = $1`, poID, to)
	return mapErr(err)
}

func (r *PurchaseOrderRepo) InsertConfirmation(ctx context.Context, c domain.SupplierConfirmation) error {
	q := r.db.q(ctx)
	if _, err := q.Exec(ctx, `
		INSERT INTO supplier_confirmations (partner_order_id, purchase_order_id, confirmed_at, eta, payload)
		SELECT $1, po.id, $2, $3, $4 FROM purchase_orders po WHERE po.partner_order_id = $1`,
		c.PartnerOrderID, c.ConfirmedAt, c.ETA, c.Payload); err != nil {
		return mapErr(err)
	}
	_, err := q.Exec(ctx, `
		UPDATE purchase_orders SET status = 'confirmed', confirmed_at = $2
		 WHERE partner_order_id = $1 AND status = 'submitted'`, c.PartnerOrderID, c.ConfirmedAt)
	return mapErr(err)
}

func (r *PurchaseOrderRepo) MarkShipped(ctx context.Context, partnerOrderID string, at time.Time) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE purchase_orders
		   SET status = 'shipped', shipped_at = COALESCE(shipped_at, $2)
		 WHERE partner_order_id = $1 AND status IN ('submitted', 'confirmed', 'shipped')`,
		partnerOrderID, at)
	return mapErr(err)
}

func (r *PurchaseOrderRepo) MarkCancelled(ctx context.Context, id uuid.UUID, at time.Time) error {
	_, err := r.db.q(ctx).Exec(ctx, `
		UPDATE purchase_orders SET status = 'cancelled', cancelled_at = COALESCE(cancelled_at, $2)
		 WHERE id = $1`, id, at)
	return mapErr(err)
}
