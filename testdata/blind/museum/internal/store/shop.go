package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
)

type ShopOrderRepo struct {
	db database.Conner
}

func NewShopOrderRepo(db database.Conner) *ShopOrderRepo { return &ShopOrderRepo{db: db} }

func (r *ShopOrderRepo) Create(ctx context.Context, o *models.ShopOrder) error {
	return r.db.Conn(ctx).Create(o).Error
}

func (r *ShopOrderRepo) Get(ctx context.Context, id uuid.UUID) (*models.ShopOrder, error) {
	var o models.ShopOrder
	err := r.db.Conn(ctx).Preload("Lines", func(db *gorm.DB) *gorm.DB { return db.Order("line_no") }).
		Take(&o, "id = ?", id).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &o, nil
}

func (r *ShopOrderRepo) SetStatus(ctx context.Context, id uuid.UUID, status models.ShopOrderStatus) error {
	return r.db.Conn(ctx).Model(&models.ShopOrder{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": time.Now()}).Error
}

// Transition moves the order between statuses and reports whether this call
// made the change.
func (r *ShopOrderRepo) Transition(ctx context.Context, id uuid.UUID, from, to models.ShopOrderStatus) (bool, error) {
	res := r.db.Conn(ctx).Model(&models.ShopOrder{}).
		Where("id = ? AND status = ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": time.Now()})
	return res.RowsAffected == 1, res.Error
}

type InventoryRepo struct {
	db database.Conner
}

func NewInventoryRepo(db database.Conner) *InventoryRepo { return &InventoryRepo{db: db} }

func (r *InventoryRepo) Get(ctx context.Context, skus []string) (map[string]models.InventoryItem, error) {
	var items []models.InventoryItem
	if err := r.db.Conn(ctx).Where("sku IN ?", skus).Find(&items).Error; err != nil {
		return nil, err
	}
	out := make(map[string]models.InventoryItem, len(items))
	for _, it := range items {
		out[it.SKU] = it
	}
	return out, nil
}

// Allocate earmarks qty units of sku for an order.
func (r *InventoryRepo) Allocate(ctx context.Context, sku string, qty int) error {
	res := r.db.Conn(ctx).Model(&models.InventoryItem{}).
		Where("sku = ? AND allocated + ? <= on_hand", sku, qty).
		UpdateColumn("allocated", gorm.Expr("allocated + ?", qty))
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("sku %s: %w", sku, httpx.ErrSoldOut)
	}
	return nil
}

// Restock adds returned units back to stock.
func (r *InventoryRepo) Restock(ctx context.Context, sku string, qty int) error {
	return r.db.Conn(ctx).Model(&models.InventoryItem{}).
		Where("sku = ?", sku).
		Updates(map[string]any{"on_hand": gorm.Expr("on_hand + ?", qty), "updated_at": time.Now()}).Error
}

// ApplySnapshot stores a stock level reported by the fulfilment partner.
// Snapshots carry a per-SKU sequence number; older ones are ignored.
func (r *InventoryRepo) ApplySnapshot(ctx context.Context, item *models.InventoryItem) error {
	return r.db.Conn(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "sku"}},
		DoUpdates: clause.AssignmentColumns([]string{"on_hand", "partner_seq", "updated_at"}),
		Where: clause.Where{Exprs: []clause.Expression{
			clause.Expr{SQL: "inventory.partner_seq < excluded.partner_seq"},
		}},
	}).Create(item).Error
}

type ShipmentRepo struct {
	db database.Conner
}

func NewShipmentRepo(db database.Conner) *ShipmentRepo { return &ShipmentRepo{db: db} }

func (r *ShipmentRepo) ForOrder(ctx context.Context, orderID uuid.UUID) (*models.Shipment, error) {
	var s models.Shipment
	err := r.db.Conn(ctx).Take(&s, "order_id = ?", orderID).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &s, err
}

func (r *ShipmentRepo) ByPartnerOrder(ctx context.Context, partnerOrderID string) (*models.Shipment, error) {
	var s models.Shipment
	if err := r.db.Conn(ctx).Take(&s, "partner_order_id = ?", partnerOrderID).Error; err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *ShipmentRepo) Record(ctx context.Context, s *models.Shipment) error {
	return r.db.Conn(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "order_id"}},
		DoNothing: true,
	}).Create(s).Error
}

func (r *ShipmentRepo) UpdateTracking(ctx context.Context, orderID uuid.UUID, status string, carrier, tracking *string) error {
	return r.db.Conn(ctx).Model(&models.Shipment{}).
		Where("order_id = ?", orderID).
		Updates(map[string]any{"status": status, "carrier": carrier, "tracking_number": tracking, "updated_at": time.Now()}).Error
}

type FulfilmentEventRepo struct {
	db database.Conner
}

func NewFulfilmentEventRepo(db database.Conner) *FulfilmentEventRepo {
	return &FulfilmentEventRepo{db: db}
}

func (r *FulfilmentEventRepo) Seen(ctx context.Context, eventID string) (bool, error) {
	var n int64
	err := r.db.Conn(ctx).Model(&models.FulfilmentEvent{}).Where("event_id = ?", eventID).Count(&n).Error
	return n > 0, err
}

func (r *FulfilmentEventRepo) MarkSeen(ctx context.Context, eventID, eventType string) error {
	return r.db.Conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).
		Create(&models.FulfilmentEvent{EventID: eventID, EventType: eventType}).Error
}

type CaptureRepo struct {
	db database.Conner
}

func NewCaptureRepo(db database.Conner) *CaptureRepo { return &CaptureRepo{db: db} }

func (r *CaptureRepo) Insert(ctx context.Context, c *models.ShopCapture) error {
	return r.db.Conn(ctx).Create(c).Error
}
