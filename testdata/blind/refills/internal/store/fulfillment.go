package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/scriptline/refills/internal/domain"
	"github.com/scriptline/refills/internal/ids"
)

type ShipmentRepo struct {
	*Repository[domain.Shipment]
}

func NewShipmentRepo(db *gorm.DB) *ShipmentRepo {
	return &ShipmentRepo{Repository: NewRepository[domain.Shipment](db)}
}

func (r *ShipmentRepo) FindByRefill(ctx context.Context, refillID uuid.UUID) (*domain.Shipment, error) {
	return r.FindOne(ctx, "refill_id = ?", refillID)
}

func (r *ShipmentRepo) FindByTracking(ctx context.Context, carrier, tracking string) (*domain.Shipment, error) {
	return r.FindOne(ctx, "carrier = ? AND tracking_number = ?", carrier, tracking)
}

// CreateIntent stores the shipment before a label is bought.
func (r *ShipmentRepo) CreateIntent(ctx context.Context, s *domain.Shipment) (bool, error) {
	return r.CreateIgnoreConflict(ctx, s, "refill_id")
}

// RecordLabel stores the purchased label on the shipment.
func (r *ShipmentRepo) RecordLabel(ctx context.Context, id uuid.UUID, labelID, tracking, url string, postage int64) error {
	return r.UpdateFields(ctx, id, map[string]any{
		"label_id":        labelID,
		"tracking_number": tracking,
		"label_url":       url,
		"postage_cents":   postage,
		"status":          domain.ShipmentLabelled,
		"updated_at":      time.Now().UTC(),
	})
}

// Advance moves the shipment forward; out-of-order carrier events that
// would move it backwards are ignored.
func (r *ShipmentRepo) Advance(ctx context.Context, s *domain.Shipment, to domain.ShipmentStatus, at time.Time) (bool, error) {
	if !s.Status.Advances(to) {
		return false, nil
	}
	fields := map[string]any{"status": to, "updated_at": time.Now().UTC()}
	switch to {
	case domain.ShipmentInTransit:
		fields["shipped_at"] = gorm.Expr("COALESCE(shipped_at, ?)", at)
	case domain.ShipmentDelivered:
		fields["delivered_at"] = at
	}
	n, err := r.UpdateWhere(ctx, fields, "id = ? AND status = ?", s.ID, s.Status)
	return n == 1, err
}

// CountAwaitingPickup counts labelled parcels not yet scanned by the carrier.
func (r *ShipmentRepo) CountAwaitingPickup(ctx context.Context) (int64, error) {
	var n int64
	err := r.Conn(ctx).Model(&domain.Shipment{}).Where("status = ?", domain.ShipmentLabelled).Count(&n).Error
	return n, translate(err)
}

type TrackingEventRepo struct {
	*Repository[domain.TrackingEvent]
}

func NewTrackingEventRepo(db *gorm.DB) *TrackingEventRepo {
	return &TrackingEventRepo{Repository: NewRepository[domain.TrackingEvent](db)}
}

// Append stores a carrier scan once per carrier event id.
func (r *TrackingEventRepo) Append(ctx context.Context, e *domain.TrackingEvent) (bool, error) {
	return r.CreateIgnoreConflict(ctx, e, "carrier", "carrier_event_id")
}

// ReshipRepo holds replacement orders worked by the fulfilment team.
type ReshipRepo struct {
	*Repository[domain.ReshipOrder]
	newID ids.UUIDFunc
}

func NewReshipRepo(db *gorm.DB) *ReshipRepo {
	return &ReshipRepo{Repository: NewRepository[domain.ReshipOrder](db), newID: ids.NewUUID}
}

// Open files a replacement order for a parcel the carrier lost, damaged or
// returned.
func (r *ReshipRepo) Open(ctx context.Context, s *domain.Shipment, reason string) (*domain.ReshipOrder, error) {
	order := &domain.ReshipOrder{
		ID:         r.newID(),
		ShipmentID: s.ID,
		RefillID:   s.RefillID,
		Reason:     reason,
		Status:     "open",
		CreatedAt:  time.Now().UTC(),
	}
	if err := r.Create(ctx, order); err != nil {
		return nil, wrapf(err, "open reship for shipment %s", s.ID)
	}
	return order, nil
}

type PickupRepo struct {
	*Repository[domain.CarrierPickup]
}

func NewPickupRepo(db *gorm.DB) *PickupRepo {
	return &PickupRepo{Repository: NewRepository[domain.CarrierPickup](db)}
}

func (r *PickupRepo) ForDate(ctx context.Context, locationID string, day time.Time) (*domain.CarrierPickup, error) {
	return r.FindOne(ctx, "location_id = ? AND pickup_date = ?", locationID, day.Format(time.DateOnly))
}
