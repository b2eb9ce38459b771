package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
	"github.com/uptrace/bun"

	"github.com/basketline/grocery/internal/domain"
)

type DeliveryRepo struct{ db *bun.DB }

func NewDeliveryRepo(db *bun.DB) *DeliveryRepo { return &DeliveryRepo{db: db} }

// UpsertAssignment stores the current driver for the order. Reassignments
// replace the previous driver.
func (r *DeliveryRepo) UpsertAssignment(ctx context.Context, a *domain.DriverAssignment) error {
	a.UpdatedAt = time.Now().UTC()
	_, err := idb(ctx, r.db).NewInsert().Model(a).
		On("CONFLICT (order_id) DO UPDATE").
		Set("driver_id = EXCLUDED.driver_id").
		Set("driver_name = EXCLUDED.driver_name").
		Set("vehicle_reg = EXCLUDED.vehicle_reg").
		Set("event_id = EXCLUDED.event_id").
		Set("assigned_at = EXCLUDED.assigned_at").
		Set("updated_at = EXCLUDED.updated_at").
		Where("da.assigned_at <= EXCLUDED.assigned_at").
		Exec(ctx)
	return err
}

func (r *DeliveryRepo) Assignment(ctx context.Context, orderID uuid.UUID) (*domain.DriverAssignment, error) {
	a := new(domain.DriverAssignment)
	err := idb(ctx, r.db).NewSelect().Model(a).Where("da.order_id = ?", orderID).Scan(ctx)
	return a, notFound(err)
}

// RecordHandoff appends a hand-off row for driver pay and bag
// reconciliation.
func (r *DeliveryRepo) RecordHandoff(ctx context.Context, in domain.HandoffInput) (*domain.DeliveryHandoff, error) {
	h := &domain.DeliveryHandoff{
		ID:       "hof_" + ksuid.New().String(),
		OrderID:  in.OrderID,
		DriverID: in.DriverID,
		StoreID:  in.StoreID,
		BagCount: in.BagCount,
		HandedAt: in.HandedAt,
	}
	if _, err := idb(ctx, r.db).NewInsert().Model(h).Exec(ctx); err != nil {
		return nil, err
	}
	return h, nil
}

func (r *DeliveryRepo) HandoffsForDriver(ctx context.Context, driverID string, from, to time.Time) ([]*domain.DeliveryHandoff, error) {
	out := make([]*domain.DeliveryHandoff, 0)
	err := idb(ctx, r.db).NewSelect().Model(&out).
		Where("dh.driver_id = ?", driverID).
		Where("dh.handed_at >= ?", from).
		Where("dh.handed_at < ?", to).
		OrderExpr("dh.handed_at").
		Scan(ctx)
	return out, err
}

func (r *DeliveryRepo) AddAttempt(ctx context.Context, a *domain.DeliveryAttempt) (bool, error) {
	res, err := idb(ctx, r.db).NewInsert().Model(a).
		On("CONFLICT (event_id) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *DeliveryRepo) AddReturned(ctx context.Context, items []*domain.ReturnedItem) error {
	if len(items) == 0 {
		return nil
	}
	_, err := idb(ctx, r.db).NewInsert().Model(&items).
		On("CONFLICT (order_id, sku) DO NOTHING").
		Exec(ctx)
	return err
}

// ClaimNotification records that a customer notification is about to be
// sent. It reports false if the same notification was already claimed.
func (r *DeliveryRepo) ClaimNotification(ctx context.Context, n *domain.NotificationSent) (bool, error) {
	res, err := idb(ctx, r.db).NewInsert().Model(n).
		On("CONFLICT (dedupe_key) DO NOTHING").
		Exec(ctx)
	if err != nil {
		return false, err
	}
	c, err := affected(res)
	return c == 1, err
}
