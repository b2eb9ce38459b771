package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/basketline/grocery/internal/domain"
)

type OrderRepo struct{ db *bun.DB }

func NewOrderRepo(db *bun.DB) *OrderRepo { return &OrderRepo{db: db} }

func (r *OrderRepo) Create(ctx context.Context, o *domain.Order) error {
	if _, err := idb(ctx, r.db).NewInsert().Model(o).Exec(ctx); err != nil {
		return err
	}
	if len(o.Lines) == 0 {
		return nil
	}
	_, err := idb(ctx, r.db).NewInsert().Model(&o.Lines).Exec(ctx)
	return err
}

func (r *OrderRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Order, error) {
	o := new(domain.Order)
	err := idb(ctx, r.db).NewSelect().Model(o).
		Relation("Lines", func(q *bun.SelectQuery) *bun.SelectQuery { return q.OrderExpr("ol.sku") }).
		Where("o.id = ?", id).
		Scan(ctx)
	return o, notFound(err)
}

func (r *OrderRepo) Lock(ctx context.Context, id uuid.UUID) (*domain.Order, error) {
	o := new(domain.Order)
	err := idb(ctx, r.db).NewSelect().Model(o).Where("o.id = ?", id).For("UPDATE").Scan(ctx)
	return o, notFound(err)
}

func (r *OrderRepo) ByBasket(ctx context.Context, basketID uuid.UUID) (*domain.Order, error) {
	o := new(domain.Order)
	err := idb(ctx, r.db).NewSelect().Model(o).
		Relation("Lines").
		Where("o.basket_id = ?", basketID).
		Scan(ctx)
	return o, notFound(err)
}

func (r *OrderRepo) Line(ctx context.Context, orderID, lineID uuid.UUID) (*domain.OrderLine, error) {
	l := new(domain.OrderLine)
	err := idb(ctx, r.db).NewSelect().Model(l).
		Where("ol.order_id = ?", orderID).
		Where("ol.id = ?", lineID).
		Scan(ctx)
	return l, notFound(err)
}

func (r *OrderRepo) SetStatus(ctx context.Context, id uuid.UUID, status domain.OrderStatus) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Order)(nil)).
		Set("status = ?", status).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

// Transition moves the order to `to` if it is currently in one of `from`.
// It reports whether the row changed.
func (r *OrderRepo) Transition(ctx context.Context, id uuid.UUID, from []domain.OrderStatus, to domain.OrderStatus) (bool, error) {
	res, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Order)(nil)).
		Set("status = ?", to).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status IN (?)", bun.In(from)).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *OrderRepo) MarkCancelled(ctx context.Context, id uuid.UUID, reason string, at time.Time) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Order)(nil)).
		Set("status = ?", domain.OrderCancelled).
		Set("cancel_reason = ?", reason).
		Set("cancelled_at = ?", at).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

// MarkPicked records the final basket value once the store has finished
// picking. It only applies to orders that are still being picked.
func (r *OrderRepo) MarkPicked(ctx context.Context, id uuid.UUID, finalTotal int64, at time.Time) (bool, error) {
	res, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Order)(nil)).
		Set("status = ?", domain.OrderPicked).
		Set("final_total_pence = ?", finalTotal).
		Set("picked_at = ?", at).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status IN (?)", bun.In([]domain.OrderStatus{domain.OrderReleased, domain.OrderPicking})).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *OrderRepo) MarkDelivered(ctx context.Context, id uuid.UUID, at time.Time) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Order)(nil)).
		Set("status = ?", domain.OrderDelivered).
		Set("delivered_at = COALESCE(delivered_at, ?)", at).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status IN (?)", bun.In([]domain.OrderStatus{
			domain.OrderPicked, domain.OrderDriverAssigned, domain.OrderOutForDelivery,
			domain.OrderDeliveryFailed, domain.OrderDelivered,
		})).
		Exec(ctx)
	return err
}

func (r *OrderRepo) SetPicklistRef(ctx context.Context, id uuid.UUID, ref string) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Order)(nil)).
		Set("partner_picklist_ref = ?", ref).
		Set("status = ?", domain.OrderReleased).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *OrderRepo) SetInstructions(ctx context.Context, id uuid.UUID, text string) (bool, error) {
	res, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Order)(nil)).
		Set("delivery_instructions = ?", text).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status NOT IN (?)", bun.In([]domain.OrderStatus{domain.OrderDelivered, domain.OrderCancelled, domain.OrderReturned})).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *OrderRepo) SetSlot(ctx context.Context, id, slotID, reservationID uuid.UUID, feePence int64) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.Order)(nil)).
		Set("slot_id = ?", slotID).
		Set("slot_reservation_id = ?", reservationID).
		Set("delivery_fee_pence = ?", feePence).
		Set("total_pence = subtotal_pence + ? - loyalty_discount_pence", feePence).
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *OrderRepo) SetLineStatus(ctx context.Context, lineID uuid.UUID, status string) error {
	_, err := idb(ctx, r.db).NewUpdate().
		Model((*domain.OrderLine)(nil)).
		Set("status = ?", status).
		Where("id = ?", lineID).
		Exec(ctx)
	return err
}

// FinalTotal works out the amount to capture: picked quantities at the
// ordered price, substitutions at their own price, plus fees and minus the
// loyalty discount.
func (r *OrderRepo) FinalTotal(ctx context.Context, id uuid.UUID) (int64, error) {
	var total int64
	err := idb(ctx, r.db).NewRaw(`
		SELECT
		  COALESCE((SELECT SUM(pi.picked_qty * ol.unit_price_pence)
		              FROM picked_items pi JOIN order_lines ol ON ol.id = pi.line_id
		             WHERE pi.order_id = o.id), 0)
		+ COALESCE((SELECT SUM(s.quantity * s.unit_price_pence)
		              FROM substitutions s
		             WHERE s.order_id = o.id AND COALESCE(s.decision, 'accepted') = 'accepted'), 0)
		+ o.delivery_fee_pence - o.loyalty_discount_pence
		FROM orders o WHERE o.id = ?`, id).Scan(ctx, &total)
	if err != nil {
		return 0, notFound(err)
	}
	if total < 0 {
		total = 0
	}
	return total, nil
}
