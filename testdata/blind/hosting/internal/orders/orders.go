// Package orders records what customers asked us to provision.
package orders

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
)

// Kinds and statuses.
const (
	KindServer = "server"
	KindVolume = "volume"

	StatusPending      = "pending"
	StatusProvisioning = "provisioning"
	StatusFulfilled    = "fulfilled"
	StatusFailed       = "failed"
)

// ErrNotFound is returned when no order matches.
var ErrNotFound = errors.New("order not found")

// Order is a customer's request for a resource.
type Order struct {
	ID         uuid.UUID `gorm:"type:uuid;primaryKey"`
	CustomerID uuid.UUID `gorm:"type:uuid"`
	Kind       string
	PlanID     *string
	Region     string
	Hostname   *string
	Image      *string
	SizeGB     *int
	Status     string
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// TableName implements gorm's tabler.
func (Order) TableName() string { return "orders" }

// BeforeCreate assigns the order id.
func (o *Order) BeforeCreate(*gorm.DB) error {
	if o.ID == uuid.Nil {
		o.ID = uuid.New()
	}
	if o.Status == "" {
		o.Status = StatusPending
	}
	return nil
}

// Repository stores orders.
type Repository struct{ db *gorm.DB }

// NewRepository returns a Repository.
func NewRepository(db *gorm.DB) *Repository { return &Repository{db: db} }

// WithTx binds the repository to tx.
func (r *Repository) WithTx(tx *gorm.DB) *Repository { return &Repository{db: tx} }

// Create inserts an order.
func (r *Repository) Create(ctx context.Context, o *Order) error {
	return r.db.WithContext(ctx).Create(o).Error
}

// SetStatus moves an order to status.
func (r *Repository) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	return r.db.WithContext(ctx).Model(&Order{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "updated_at": time.Now().UTC()}).Error
}
