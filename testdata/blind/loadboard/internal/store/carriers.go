package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/haulgrid/loadboard/internal/domain"
)

// CarrierRepo reads carrier and shipper master data and stores lanes.
type CarrierRepo struct {
	db *gorm.DB
}

func NewCarrierRepo(db *gorm.DB) *CarrierRepo { return &CarrierRepo{db: db} }

func (r *CarrierRepo) Get(ctx context.Context, id string) (*domain.Carrier, error) {
	var row carrierRow
	if err := conn(ctx, r.db).Where("id = ?", id).Take(&row).Error; err != nil {
		return nil, notFound(err)
	}
	return row.toDomain(), nil
}

func (r *CarrierRepo) GetShipper(ctx context.Context, id string) (*domain.Shipper, error) {
	var row shipperRow
	if err := conn(ctx, r.db).Where("id = ?", id).Take(&row).Error; err != nil {
		return nil, notFound(err)
	}
	return &domain.Shipper{ID: row.ID, Name: row.Name, ContactEmail: row.ContactEmail}, nil
}

// UpsertLane creates or replaces a carrier's lane preference.
func (r *CarrierRepo) UpsertLane(ctx context.Context, l *domain.Lane) error {
	row := laneRow{
		CarrierID:    l.CarrierID,
		OriginState:  l.OriginState,
		DestState:    l.DestState,
		Equipment:    string(l.Equipment),
		MinRateCents: l.MinRateCents,
		Notes:        l.Notes,
		UpdatedAt:    time.Now().UTC(),
	}
	return conn(ctx, r.db).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "carrier_id"}, {Name: "origin_state"}, {Name: "dest_state"}, {Name: "equipment"}},
		DoUpdates: clause.AssignmentColumns([]string{"min_rate_cents", "notes", "updated_at"}),
	}).Create(&row).Error
}

func (r *CarrierRepo) Lanes(ctx context.Context, carrierID string) ([]domain.Lane, error) {
	var rows []laneRow
	if err := conn(ctx, r.db).Where("carrier_id = ?", carrierID).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]domain.Lane, len(rows))
	for i, row := range rows {
		out[i] = domain.Lane{
			CarrierID: row.CarrierID, OriginState: row.OriginState, DestState: row.DestState,
			Equipment: domain.Equipment(row.Equipment), MinRateCents: row.MinRateCents,
			Notes: row.Notes, UpdatedAt: row.UpdatedAt,
		}
	}
	return out, nil
}
