package repository

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/circuitback/buyback/internal/model"
)

type ListingRepository struct{ base }

func NewListingRepository(db *gorm.DB) *ListingRepository {
	return &ListingRepository{base{db}}
}

// Save records a marketplace listing for a device unless one is stored.
func (r *ListingRepository) Save(ctx context.Context, l *model.Listing) (*model.Listing, error) {
	if _, err := insertIgnore(r.conn(ctx), l, "device_id"); err != nil {
		return nil, fmt.Errorf("save listing: %w", err)
	}
	return r.ForDevice(ctx, l.DeviceID)
}

func (r *ListingRepository) ForDevice(ctx context.Context, deviceID uuid.UUID) (*model.Listing, error) {
	return first[model.Listing](r.conn(ctx), "device_id = ?", deviceID)
}

func (r *ListingRepository) ByMarketplaceID(ctx context.Context, marketplace, listingID string) (*model.Listing, error) {
	return first[model.Listing](r.conn(ctx), "marketplace = ? AND marketplace_listing_id = ?", marketplace, listingID)
}

func (r *ListingRepository) Transition(ctx context.Context, id uuid.UUID, from []string, to string) (int64, error) {
	return transition(r.conn(ctx), "listings", id, from, to, nil)
}

type OrderRepository struct{ base }

func NewOrderRepository(db *gorm.DB) *OrderRepository {
	return &OrderRepository{base{db}}
}

func (r *OrderRepository) Create(ctx context.Context, o *model.SalesOrder) error {
	if err := r.conn(ctx).Create(o).Error; err != nil {
		return fmt.Errorf("create sales order %s: %w", o.ExternalOrderID, err)
	}
	return nil
}

func (r *OrderRepository) Get(ctx context.Context, id uuid.UUID) (*model.SalesOrder, error) {
	return first[model.SalesOrder](r.conn(ctx), "id = ?", id)
}

func (r *OrderRepository) ByExternalID(ctx context.Context, marketplace, externalID string) (*model.SalesOrder, error) {
	return first[model.SalesOrder](r.conn(ctx), "marketplace = ? AND external_order_id = ?", marketplace, externalID)
}

func (r *OrderRepository) Transition(ctx context.Context, id uuid.UUID, from []string, to string) (int64, error) {
	return transition(r.conn(ctx), "sales_orders", id, from, to, nil)
}

type FulfilmentRepository struct{ base }

func NewFulfilmentRepository(db *gorm.DB) *FulfilmentRepository {
	return &FulfilmentRepository{base{db}}
}

// Open creates the fulfilment for an order unless one exists.
func (r *FulfilmentRepository) Open(ctx context.Context, f *model.Fulfilment) (*model.Fulfilment, error) {
	if _, err := insertIgnore(r.conn(ctx), f, "sales_order_id"); err != nil {
		return nil, fmt.Errorf("open fulfilment: %w", err)
	}
	return first[model.Fulfilment](r.conn(ctx), "sales_order_id = ?", f.SalesOrderID)
}

func (r *FulfilmentRepository) Get(ctx context.Context, id uuid.UUID) (*model.Fulfilment, error) {
	return first[model.Fulfilment](r.conn(ctx), "id = ?", id)
}

func (r *FulfilmentRepository) AttachShipment(ctx context.Context, id, shipmentID uuid.UUID) error {
	return r.conn(ctx).Model(&model.Fulfilment{}).Where("id = ?", id).
		Updates(map[string]any{"shipment_id": shipmentID, "status": model.FulfilmentLabelled,
			"updated_at": gorm.Expr("now()")}).Error
}

func (r *FulfilmentRepository) MarkShipped(ctx context.Context, id uuid.UUID, packedBy string) error {
	return r.conn(ctx).Model(&model.Fulfilment{}).Where("id = ?", id).
		Updates(map[string]any{"status": model.FulfilmentShipped, "packed_by": packedBy,
			"shipped_at": gorm.Expr("now()"), "updated_at": gorm.Expr("now()")}).Error
}
