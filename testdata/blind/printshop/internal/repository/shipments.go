package repository

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/inkloop/printshop/internal/model"
)

type shipmentRepo struct{ db *gorm.DB }

func NewShipmentRepository(db *gorm.DB) ShipmentRepository { return &shipmentRepo{db: db} }

func (r *shipmentRepo) WithTx(tx *gorm.DB) ShipmentRepository { return &shipmentRepo{db: tx} }

func (r *shipmentRepo) Get(ctx context.Context, id string) (*model.Shipment, error) {
	var s model.Shipment
	if err := r.db.WithContext(ctx).First(&s, "id = ?", id).Error; err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *shipmentRepo) GetByTrackingCode(ctx context.Context, code string) (*model.Shipment, error) {
	var s model.Shipment
	if err := r.db.WithContext(ctx).First(&s, "tracking_code = ?", code).Error; err != nil {
		return nil, notFound(err)
	}
	return &s, nil
}

func (r *shipmentRepo) ListByOrder(ctx context.Context, orderID string) ([]model.Shipment, error) {
	var out []model.Shipment
	err := r.db.WithContext(ctx).Where("order_id = ?", orderID).Order("kind, parcel_seq").Find(&out).Error
	return out, err
}

func (r *shipmentRepo) Ensure(ctx context.Context, s *model.Shipment) (*model.Shipment, error) {
	err := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "request_id"}},
			DoNothing: true,
		}).
		Create(s).Error
	if err != nil {
		return nil, err
	}
	var existing model.Shipment
	err = r.db.WithContext(ctx).
		Where("request_id = ?", *s.RequestID).
		First(&existing).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &existing, nil
}

func (r *shipmentRepo) SetCarrierShipment(ctx context.Context, id, carrierID string) error {
	return r.db.WithContext(ctx).Model(&model.Shipment{}).
		Where("id = ? AND carrier_shipment_id IS NULL", id).
		Updates(map[string]any{"carrier_shipment_id": carrierID, "updated_at": time.Now().UTC()}).Error
}

func (r *shipmentRepo) Create(ctx context.Context, s *model.Shipment) error {
	return r.db.WithContext(ctx).Create(s).Error
}

func (r *shipmentRepo) MarkPurchased(ctx context.Context, id, carrierID, tracking, labelURL string, rateCents int64) error {
	return r.db.WithContext(ctx).Model(&model.Shipment{}).
		Where("id = ?", id).
		Updates(map[string]any{
			"status":              model.ShipmentPurchased,
			"carrier_shipment_id": carrierID,
			"tracking_code":       tracking,
			"label_url":           labelURL,
			"rate_cents":          rateCents,
			"updated_at":          time.Now().UTC(),
		}).Error
}

func (r *shipmentRepo) SetStatus(ctx context.Context, id, status string) error {
	return r.db.WithContext(ctx).Model(&model.Shipment{}).
		Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": time.Now().UTC()}).Error
}

func (r *shipmentRepo) Transition(ctx context.Context, id string, from []string, to string) (bool, error) {
	res := r.db.WithContext(ctx).Model(&model.Shipment{}).
		Where("id = ? AND status IN ?", id, from).
		Updates(map[string]any{"status": to, "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

func (r *shipmentRepo) ClaimTrackingEvent(ctx context.Context, e *model.TrackingEvent) (bool, error) {
	if e.ReceivedAt.IsZero() {
		e.ReceivedAt = time.Now().UTC()
	}
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "carrier_event_id"}}, DoNothing: true}).
		Create(e)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}
