package store

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/pantryco/fulfilment/internal/domain"
	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// PickRepo stores picked quantities and the handheld scan log.
type PickRepo struct {
	db pg.DBTX
}

// NewPickRepo builds a PickRepo.
func NewPickRepo(db pg.DBTX) *PickRepo { return &PickRepo{db: db} }

// UpsertLine sets the absolute picked quantity for an order line.
func (r *PickRepo) UpsertLine(ctx context.Context, p domain.PickLine) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO pick_lines (order_id, line_no, picked_qty, picker_id)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (order_id, line_no)
		DO UPDATE SET picked_qty = EXCLUDED.picked_qty,
		              picker_id = EXCLUDED.picker_id,
		              updated_at = now()`,
		p.OrderID, p.LineNo, p.PickedQty, p.PickerID)
	if err != nil {
		return fmt.Errorf("upsert pick line: %w", err)
	}
	return nil
}

// AppendEvent appends to the scan log. Every attempt is logged.
func (r *PickRepo) AppendEvent(ctx context.Context, ev domain.PickEvent) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO pick_events (id, order_id, line_no, picker_id, action, qty)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		ev.ID, ev.OrderID, ev.LineNo, ev.PickerID, ev.Action, ev.Qty)
	if err != nil {
		return fmt.Errorf("append pick event: %w", err)
	}
	return nil
}

// CountUnpicked returns how many lines have no pick record yet.
func (r *PickRepo) CountUnpicked(ctx context.Context, orderID uuid.UUID) (int, error) {
	var n int
	err := conn(ctx, r.db).QueryRow(ctx, `
		SELECT count(*) FROM order_lines l
		 LEFT JOIN pick_lines p ON p.order_id = l.order_id AND p.line_no = l.line_no
		 WHERE l.order_id = $1 AND p.order_id IS NULL`, orderID).Scan(&n)
	return n, err
}

// SubstitutionRepo stores picker-proposed substitutions.
type SubstitutionRepo struct {
	db pg.DBTX
}

// NewSubstitutionRepo builds a SubstitutionRepo.
func NewSubstitutionRepo(db pg.DBTX) *SubstitutionRepo { return &SubstitutionRepo{db: db} }

// Insert stores a proposed substitution.
func (r *SubstitutionRepo) Insert(ctx context.Context, s domain.Substitution) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO substitutions (id, order_id, line_no, substitute_sku, quantity, unit_price_cents, proposed_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		s.ID, s.OrderID, s.LineNo, s.SubstituteSKU, s.Quantity, s.UnitPriceCents, s.ProposedBy)
	if err != nil {
		return fmt.Errorf("insert substitution: %w", err)
	}
	return nil
}

// ExtraCents sums the price difference of all substitutions of an order
// against the original lines.
func (r *SubstitutionRepo) ExtraCents(ctx context.Context, orderID uuid.UUID) (int64, error) {
	var extra int64
	err := conn(ctx, r.db).QueryRow(ctx, `
		SELECT COALESCE(SUM(GREATEST(s.unit_price_cents * s.quantity - l.unit_price_cents * l.quantity, 0)), 0)
		  FROM substitutions s
		  JOIN order_lines l ON l.order_id = s.order_id AND l.line_no = s.line_no
		 WHERE s.order_id = $1`, orderID).Scan(&extra)
	return extra, err
}

// BagRepo stores bag labels of packed orders.
type BagRepo struct {
	db pg.DBTX
}

// NewBagRepo builds a BagRepo.
func NewBagRepo(db pg.DBTX) *BagRepo { return &BagRepo{db: db} }

// Add registers a bag; it reports false when the bag number already exists.
func (r *BagRepo) Add(ctx context.Context, b domain.Bag) (bool, error) {
	tag, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO bags (order_id, bag_no, zone, label)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (order_id, bag_no) DO NOTHING`, b.OrderID, b.BagNo, b.Zone, b.Label)
	if err != nil {
		return false, fmt.Errorf("add bag: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// Count returns the number of bags registered for an order.
func (r *BagRepo) Count(ctx context.Context, orderID uuid.UUID) (int, error) {
	var n int
	err := conn(ctx, r.db).QueryRow(ctx, `SELECT count(*) FROM bags WHERE order_id = $1`, orderID).Scan(&n)
	return n, err
}

// ShortageRepo accumulates reported shortages per line.
type ShortageRepo struct {
	db pg.DBTX
}

// NewShortageRepo builds a ShortageRepo.
func NewShortageRepo(db pg.DBTX) *ShortageRepo { return &ShortageRepo{db: db} }

// Add adds the reported quantity to the line's shortage total.
func (r *ShortageRepo) Add(ctx context.Context, s domain.Shortage) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO shortages (order_id, line_no, short_qty, refund_cents, reported_by)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (order_id, line_no)
		DO UPDATE SET short_qty = shortages.short_qty + EXCLUDED.short_qty,
		              refund_cents = shortages.refund_cents + EXCLUDED.refund_cents,
		              reported_by = EXCLUDED.reported_by,
		              updated_at = now()`,
		s.OrderID, s.LineNo, s.ShortQty, s.RefundCent, s.ReportedBy)
	if err != nil {
		return fmt.Errorf("add shortage: %w", err)
	}
	return nil
}

// HandheldKeyRepo remembers Idempotency-Key headers sent by the handhelds.
type HandheldKeyRepo struct {
	db pg.DBTX
}

// NewHandheldKeyRepo builds a HandheldKeyRepo.
func NewHandheldKeyRepo(db pg.DBTX) *HandheldKeyRepo { return &HandheldKeyRepo{db: db} }

// Seen reports whether key was already processed.
func (r *HandheldKeyRepo) Seen(ctx context.Context, key string) (bool, error) {
	var exists bool
	err := conn(ctx, r.db).QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM handheld_requests WHERE key = $1)`, key).Scan(&exists)
	return exists, err
}

// Remember stores key as processed.
func (r *HandheldKeyRepo) Remember(ctx context.Context, key, route string) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO handheld_requests (key, route) VALUES ($1, $2)
		ON CONFLICT (key) DO NOTHING`, key, route)
	return err
}
