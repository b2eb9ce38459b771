package store

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"
)

// ErrInsufficientStock is returned when a reservation would take inventory
// below zero.
var ErrInsufficientStock = errors.New("store: insufficient stock")

type OrderRepo struct {
	db *DB
}

func NewOrderRepo(db *DB) *OrderRepo { return &OrderRepo{db: db} }

// CreateOrder inserts the order and its lines.
func (r *OrderRepo) CreateOrder(ctx context.Context, o *RetailOrder) error {
	if err := r.db.Conn(ctx).Create(o).Error; err != nil {
		return fmt.Errorf("insert order %s: %w", o.ID, err)
	}
	return nil
}

func (r *OrderRepo) GetOrder(ctx context.Context, id string) (*RetailOrder, error) {
	var o RetailOrder
	if err := r.db.Conn(ctx).Preload("Lines").Where("id = ?", id).Take(&o).Error; err != nil {
		return nil, notFound(err)
	}
	return &o, nil
}

// MarkConfirmed moves a placed order to confirmed and reports whether it did.
func (r *OrderRepo) MarkConfirmed(ctx context.Context, id string) (bool, error) {
	res := r.db.Conn(ctx).Model(&RetailOrder{}).
		Where("id = ? AND status = ?", id, "placed").
		Updates(map[string]any{"status": "confirmed", "updated_at": gorm.Expr("now()")})
	return res.RowsAffected == 1, res.Error
}

func (r *OrderRepo) InsertAllocations(ctx context.Context, allocs []OrderAllocation) error {
	if len(allocs) == 0 {
		return nil
	}
	return r.db.Conn(ctx).Create(&allocs).Error
}

// AttachInvoice sets the invoice of an order that has none yet and reports
// whether it did.
func (r *OrderRepo) AttachInvoice(ctx context.Context, orderID, invoiceID string) (bool, error) {
	res := r.db.Conn(ctx).Model(&RetailOrder{}).
		Where("id = ? AND invoice_id IS NULL", orderID).
		Updates(map[string]any{"invoice_id": invoiceID, "updated_at": gorm.Expr("now()")})
	return res.RowsAffected == 1, res.Error
}

// InventoryRepo tracks drums and jars on hand.
type InventoryRepo struct {
	db *DB
}

func NewInventoryRepo(db *DB) *InventoryRepo { return &InventoryRepo{db: db} }

func (r *InventoryRepo) Items(ctx context.Context, skus []string) (map[string]InventoryItem, error) {
	var items []InventoryItem
	if err := r.db.Conn(ctx).Where("sku IN ?", skus).Find(&items).Error; err != nil {
		return nil, err
	}
	out := make(map[string]InventoryItem, len(items))
	for _, it := range items {
		out[it.SKU] = it
	}
	return out, nil
}

// Reserve takes units out of stock.
func (r *InventoryRepo) Reserve(ctx context.Context, sku string, units int) error {
	res := r.db.Conn(ctx).Exec(
		`UPDATE inventory SET on_hand_units = on_hand_units - ? WHERE sku = ? AND on_hand_units >= ?`,
		units, sku, units)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("%w: %s", ErrInsufficientStock, sku)
	}
	return nil
}
