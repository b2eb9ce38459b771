package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type OrderFilter struct {
	CustomerID uuid.UUID
	Statuses   []OrderStatus
}

type OrderRepository interface {
	Create(ctx context.Context, o *Order) error
	Get(ctx context.Context, id uuid.UUID) (*Order, error)
	GetForCustomer(ctx context.Context, customerID, id uuid.UUID) (*Order, error)
	LockForUpdate(ctx context.Context, id uuid.UUID) (*Order, error)
	AddItem(ctx context.Context, item *OrderItem) error
	Items(ctx context.Context, orderID uuid.UUID) ([]OrderItem, error)
	SetStatus(ctx context.Context, id uuid.UUID, status OrderStatus) error
	TransitionStatus(ctx context.Context, id uuid.UUID, from []OrderStatus, to OrderStatus) (bool, error)
	Update(ctx context.Context, id uuid.UUID, fields map[string]any) error
	AddCredits(ctx context.Context, id uuid.UUID, cents int64) error
	DueForReminder(ctx context.Context, from, to time.Time, limit int) ([]Order, error)
	MarkReminded(ctx context.Context, id uuid.UUID, at time.Time) error
	Query(ctx context.Context, f OrderFilter) *gorm.DB
	CountDelivered(ctx context.Context, customerID uuid.UUID) (int64, error)
}

type gormOrders struct{ db *gorm.DB }

func (r *gormOrders) Create(ctx context.Context, o *Order) error {
	return r.db.WithContext(ctx).Create(o).Error
}

func (r *gormOrders) Get(ctx context.Context, id uuid.UUID) (*Order, error) {
	var o Order
	err := r.db.WithContext(ctx).First(&o, "id = ?", id).Error
	return &o, translate(err)
}

func (r *gormOrders) GetForCustomer(ctx context.Context, customerID, id uuid.UUID) (*Order, error) {
	var o Order
	err := r.db.WithContext(ctx).Preload("Items").
		First(&o, "id = ? AND customer_id = ?", id, customerID).Error
	return &o, translate(err)
}

func (r *gormOrders) LockForUpdate(ctx context.Context, id uuid.UUID) (*Order, error) {
	var o Order
	err := r.db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).
		First(&o, "id = ?", id).Error
	return &o, translate(err)
}

func (r *gormOrders) AddItem(ctx context.Context, item *OrderItem) error {
	return r.db.WithContext(ctx).Create(item).Error
}

func (r *gormOrders) Items(ctx context.Context, orderID uuid.UUID) ([]OrderItem, error) {
	var items []OrderItem
	err := r.db.WithContext(ctx).Where("order_id = ?", orderID).Order("created_at").Find(&items).Error
	return items, err
}

func (r *gormOrders) SetStatus(ctx context.Context, id uuid.UUID, status OrderStatus) error {
	res := r.db.WithContext(ctx).Model(&Order{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": time.Now()})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNotFound
	}
	return nil
}

func (r *gormOrders) TransitionStatus(ctx context.Context, id uuid.UUID, from []OrderStatus, to OrderStatus) (bool, error) {
	res := r.db.WithContext(ctx).Model(&Order{}).
		Where("id = ? AND status IN ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": time.Now()})
	return res.RowsAffected > 0, res.Error
}

func (r *gormOrders) Update(ctx context.Context, id uuid.UUID, fields map[string]any) error {
	fields["updated_at"] = time.Now()
	return r.db.WithContext(ctx).Model(&Order{}).Where("id = ?", id).Updates(fields).Error
}

func (r *gormOrders) AddCredits(ctx context.Context, id uuid.UUID, cents int64) error {
	return r.db.WithContext(ctx).Model(&Order{}).Where("id = ?", id).
		Updates(map[string]any{
			"credits_applied_cents": gorm.Expr("credits_applied_cents + ?", cents),
			"updated_at":            time.Now(),
		}).Error
}

func (r *gormOrders) DueForReminder(ctx context.Context, from, to time.Time, limit int) ([]Order, error) {
	var out []Order
	err := r.db.WithContext(ctx).
		Where("pickup_from BETWEEN ? AND ?", from, to).
		Where("reminder_sent_at IS NULL").
		Where("status IN ?", []OrderStatus{OrderAuthorized, OrderPickupBooked}).
		Order("pickup_from").Limit(limit).Find(&out).Error
	return out, err
}

func (r *gormOrders) MarkReminded(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.db.WithContext(ctx).Model(&Order{}).Where("id = ?", id).
		Update("reminder_sent_at", at).Error
}

func (r *gormOrders) Query(ctx context.Context, f OrderFilter) *gorm.DB {
	q := r.db.WithContext(ctx).Model(&Order{}).Where("customer_id = ?", f.CustomerID)
	if len(f.Statuses) > 0 {
		q = q.Where("status IN ?", f.Statuses)
	}
	return q
}

func (r *gormOrders) CountDelivered(ctx context.Context, customerID uuid.UUID) (int64, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&Order{}).
		Where("customer_id = ? AND delivered_at IS NOT NULL", customerID).Count(&n).Error
	return n, err
}
