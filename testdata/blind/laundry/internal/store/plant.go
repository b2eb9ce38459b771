package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// GarmentRepo is a table of storage functions for garments. The plant
// services are wired with these so that station simulators can swap single
// functions out.
type GarmentRepo struct {
	Create     func(ctx context.Context, g *Garment) error
	ByTag      func(ctx context.Context, tag string) (*Garment, error)
	ByOrder    func(ctx context.Context, orderID uuid.UUID) ([]Garment, error)
	SetStage   func(ctx context.Context, id uuid.UUID, stage string, at time.Time) error
	RecordScan func(ctx context.Context, s *GarmentScan) (inserted bool, err error)
	// WithTx returns the same table bound to tx.
	WithTx func(tx *gorm.DB) GarmentRepo
}

func NewGarmentRepo(db *gorm.DB) GarmentRepo {
	return GarmentRepo{
		Create: func(ctx context.Context, g *Garment) error {
			return db.WithContext(ctx).Create(g).Error
		},
		ByTag: func(ctx context.Context, tag string) (*Garment, error) {
			var g Garment
			err := db.WithContext(ctx).First(&g, "tag_code = ?", tag).Error
			return &g, translate(err)
		},
		ByOrder: func(ctx context.Context, orderID uuid.UUID) ([]Garment, error) {
			var gs []Garment
			err := db.WithContext(ctx).Where("order_id = ?", orderID).Find(&gs).Error
			return gs, err
		},
		SetStage: func(ctx context.Context, id uuid.UUID, stage string, at time.Time) error {
			return db.WithContext(ctx).Model(&Garment{}).
				Where("id = ? AND (last_scan_at IS NULL OR last_scan_at <= ?)", id, at).
				Updates(map[string]any{"stage": stage, "last_scan_at": at}).Error
		},
		RecordScan: func(ctx context.Context, s *GarmentScan) (bool, error) {
			res := db.WithContext(ctx).Clauses(clause.OnConflict{
				Columns:   []clause.Column{{Name: "scan_id"}},
				DoNothing: true,
			}).Create(s)
			return res.RowsAffected == 1, res.Error
		},
		WithTx: NewGarmentRepo,
	}
}

type DamageReports struct {
	Insert  func(ctx context.Context, r *DamageReport) error
	ByOrder func(ctx context.Context, orderID uuid.UUID) ([]DamageReport, error)
}

func NewDamageReports(db *gorm.DB) DamageReports {
	return DamageReports{
		Insert: func(ctx context.Context, r *DamageReport) error {
			return db.WithContext(ctx).Create(r).Error
		},
		ByOrder: func(ctx context.Context, orderID uuid.UUID) ([]DamageReport, error) {
			var out []DamageReport
			err := db.WithContext(ctx).Where("order_id = ?", orderID).Order("reported_at").Find(&out).Error
			return out, err
		},
	}
}

type PlantIntakes struct {
	Open         func(ctx context.Context, in *PlantIntake) (created bool, err error)
	MarkReceived func(ctx context.Context, orderID uuid.UUID, at time.Time) error
}

func NewPlantIntakes(db *gorm.DB) PlantIntakes {
	return PlantIntakes{
		Open: func(ctx context.Context, in *PlantIntake) (bool, error) {
			res := db.WithContext(ctx).Clauses(clause.OnConflict{
				Columns:   []clause.Column{{Name: "order_id"}},
				DoNothing: true,
			}).Create(in)
			return res.RowsAffected == 1, res.Error
		},
		MarkReceived: func(ctx context.Context, orderID uuid.UUID, at time.Time) error {
			return db.WithContext(ctx).Model(&PlantIntake{}).
				Where("order_id = ? AND received_at IS NULL", orderID).
				Update("received_at", at).Error
		},
	}
}
