package repository

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/inkloop/printshop/internal/model"
)

type orderRepo struct{ db *gorm.DB }

func NewOrderRepository(db *gorm.DB) OrderRepository { return &orderRepo{db: db} }

func (r *orderRepo) WithTx(tx *gorm.DB) OrderRepository { return &orderRepo{db: tx} }

func (r *orderRepo) Get(ctx context.Context, id string) (*model.Order, error) {
	var o model.Order
	err := r.db.WithContext(ctx).
		Preload("Items", func(db *gorm.DB) *gorm.DB { return db.Order("line_no") }).
		First(&o, "id = ?", id).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &o, nil
}

func (r *orderRepo) GetByShopOrderID(ctx context.Context, merchantID, shopOrderID string) (*model.Order, error) {
	var o model.Order
	err := r.db.WithContext(ctx).
		Preload("Items").
		Where("merchant_id = ? AND shop_order_id = ?", merchantID, shopOrderID).
		First(&o).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &o, nil
}

func (r *orderRepo) InsertIfAbsent(ctx context.Context, o *model.Order) (bool, error) {
	items := o.Items
	o.Items = nil
	defer func() { o.Items = items }()

	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "merchant_id"}, {Name: "shop_order_id"}},
			DoNothing: true,
		}).
		Create(o)
	if res.Error != nil {
		return false, res.Error
	}
	if res.RowsAffected == 0 {
		return false, nil
	}
	if len(items) == 0 {
		return true, nil
	}
	err := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "order_id"}, {Name: "line_no"}},
			DoNothing: true,
		}).
		Create(&items).Error
	return true, err
}

func (r *orderRepo) Create(ctx context.Context, o *model.Order) error {
	return r.db.WithContext(ctx).Create(o).Error
}

func (r *orderRepo) SetStatus(ctx context.Context, id, status string) error {
	return r.db.WithContext(ctx).Model(&model.Order{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": time.Now().UTC()}).Error
}

func (r *orderRepo) Transition(ctx context.Context, id string, from []string, to string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&model.Order{}).
		Where("id = ? AND status IN ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

func (r *orderRepo) UpdateShipTo(ctx context.Context, id string, addr model.Address, shopUpdatedAt time.Time) (bool, error) {
	res := r.db.WithContext(ctx).Model(&model.Order{}).
		Where("id = ? AND (shop_updated_at IS NULL OR shop_updated_at < ?)", id, shopUpdatedAt).
		Where("status IN ?", []string{model.OrderReceived, model.OrderCharged, model.OrderPaymentDue}).
		Updates(map[string]any{
			"ship_to":         addr,
			"shop_updated_at": shopUpdatedAt,
			"updated_at":      time.Now().UTC(),
		})
	return res.RowsAffected == 1, res.Error
}

func (r *orderRepo) ListByStatus(ctx context.Context, merchantID, status string, limit int) ([]model.Order, error) {
	var out []model.Order
	err := r.db.WithContext(ctx).
		Where("merchant_id = ? AND status = ?", merchantID, status).
		Order("created_at").
		Limit(limit).
		Find(&out).Error
	return out, err
}
