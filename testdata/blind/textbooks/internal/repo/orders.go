package repo

import (
	"context"

	"github.com/uptrace/bun"

	"github.com/quirecampus/bookloop/internal/domain"
)

type Orders struct{ base }

func NewOrders(db *bun.DB) *Orders { return &Orders{base{db}} }

func (r *Orders) Insert(ctx context.Context, o *domain.Order) error {
	db := r.conn(ctx)
	if _, err := db.NewInsert().Model(o).Exec(ctx); err != nil {
		return err
	}
	if len(o.Lines) == 0 {
		return nil
	}
	_, err := db.NewInsert().Model(&o.Lines).Exec(ctx)
	return err
}

func (r *Orders) Get(ctx context.Context, id string) (*domain.Order, error) {
	o := new(domain.Order)
	err := r.conn(ctx).NewSelect().Model(o).Relation("Lines").Where("?TableAlias.id = ?", id).Scan(ctx)
	return o, mapErr(err)
}

func (r *Orders) MarkPaid(ctx context.Context, id, paymentIntentID string) error {
	return expectOne(r.conn(ctx).NewUpdate().Model((*domain.Order)(nil)).
		Set("status = ?", domain.OrderPaid).
		Set("payment_intent_id = ?", paymentIntentID).
		Set("paid_at = now()").
		Where("id = ?", id).
		Where("status = ?", domain.OrderPlaced).
		Exec(ctx))
}

func (r *Orders) SetStatus(ctx context.Context, id string, st domain.OrderStatus) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.Order)(nil)).
		Set("status = ?", st).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

type PickTickets struct{ base }

func NewPickTickets(db *bun.DB) *PickTickets { return &PickTickets{base{db}} }

func (r *PickTickets) Insert(ctx context.Context, t *domain.PickTicket) error {
	_, err := r.conn(ctx).NewInsert().Model(t).Exec(ctx)
	return err
}
