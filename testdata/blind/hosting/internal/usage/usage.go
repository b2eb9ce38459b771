// Package usage meters what customers consume between invoices.
package usage

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Record is a metered quantity for one server over a window.
type Record struct {
	ID             uuid.UUID `gorm:"type:uuid;primaryKey"`
	ServerID       uuid.UUID `gorm:"type:uuid"`
	CustomerID     uuid.UUID `gorm:"type:uuid"`
	Metric         string
	Quantity       float64
	UnitCents      int64
	WindowStart    time.Time
	WindowEnd      time.Time
	SourceRecordID *string
	InvoicedAt     *time.Time
	CreatedAt      time.Time
}

// TableName implements gorm's tabler.
func (Record) TableName() string { return "usage_records" }

// BeforeCreate assigns the record id.
func (r *Record) BeforeCreate(*gorm.DB) error {
	if r.ID == uuid.Nil {
		r.ID = uuid.New()
	}
	return nil
}

// AmountCents is the billable amount of the record.
func (r Record) AmountCents() int64 { return int64(r.Quantity * float64(r.UnitCents)) }

// VolumeHour is one hour of allocated block storage.
type VolumeHour struct {
	VolumeID   uuid.UUID `gorm:"type:uuid;primaryKey"`
	Hour       time.Time `gorm:"primaryKey"`
	CustomerID uuid.UUID `gorm:"type:uuid"`
	GBHours    float64   `gorm:"column:gb_hours"`
	UnitCents  int64
	InvoicedAt *time.Time
}

// TableName implements gorm's tabler.
func (VolumeHour) TableName() string { return "volume_usage" }

// Repository stores usage.
type Repository struct{ db *gorm.DB }

// NewRepository returns a Repository.
func NewRepository(db *gorm.DB) *Repository { return &Repository{db: db} }

// WithTx binds the repository to tx.
func (r *Repository) WithTx(tx *gorm.DB) *Repository { return &Repository{db: tx} }

// Insert stores a server usage record.
func (r *Repository) Insert(ctx context.Context, rec *Record) error {
	return r.db.WithContext(ctx).Create(rec).Error
}

// InsertVolumeHour stores one volume-hour; a repeated hour is ignored.
func (r *Repository) InsertVolumeHour(ctx context.Context, vh *VolumeHour) (bool, error) {
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "volume_id"}, {Name: "hour"}}, DoNothing: true}).
		Create(vh)
	return res.RowsAffected == 1, res.Error
}

// UnbilledRecords lists a customer's server usage not yet invoiced, up to before.
func (r *Repository) UnbilledRecords(ctx context.Context, customerID uuid.UUID, before time.Time) ([]Record, error) {
	var out []Record
	err := r.db.WithContext(ctx).
		Clauses(clause.Locking{Strength: "UPDATE"}).
		Where("customer_id = ? AND invoiced_at IS NULL AND window_end <= ?", customerID, before).
		Order("window_start").Find(&out).Error
	return out, err
}

// UnbilledVolumeHours lists a customer's volume usage not yet invoiced.
func (r *Repository) UnbilledVolumeHours(ctx context.Context, customerID uuid.UUID, before time.Time) ([]VolumeHour, error) {
	var out []VolumeHour
	err := r.db.WithContext(ctx).
		Clauses(clause.Locking{Strength: "UPDATE"}).
		Where("customer_id = ? AND invoiced_at IS NULL AND hour < ?", customerID, before).
		Order("hour").Find(&out).Error
	return out, err
}

// MarkInvoiced stamps server usage and volume-hours of a customer as billed.
func (r *Repository) MarkInvoiced(ctx context.Context, customerID uuid.UUID, before, at time.Time) error {
	if err := r.db.WithContext(ctx).Model(&Record{}).
		Where("customer_id = ? AND invoiced_at IS NULL AND window_end <= ?", customerID, before).
		Update("invoiced_at", at).Error; err != nil {
		return err
	}
	return r.db.WithContext(ctx).Model(&VolumeHour{}).
		Where("customer_id = ? AND invoiced_at IS NULL AND hour < ?", customerID, before).
		Update("invoiced_at", at).Error
}
