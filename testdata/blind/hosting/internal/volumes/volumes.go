// Package volumes owns block storage volumes.
package volumes

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/nimbusrack/hosting/internal/orders"
	"github.com/nimbusrack/hosting/internal/platform/database"
	"github.com/nimbusrack/hosting/internal/platform/httpx"
	"github.com/nimbusrack/hosting/internal/providers/datacenter"
	"github.com/nimbusrack/hosting/internal/servers"
)

// Volume statuses.
const (
	StatusPending   = "pending"
	StatusAvailable = "available"
	StatusAttached  = "attached"
	StatusDeleted   = "deleted"
)

// ErrNotFound is returned when no volume matches.
var ErrNotFound = errors.New("volume not found")

// Volume is a block storage device.
type Volume struct {
	ID         uuid.UUID  `gorm:"type:uuid;primaryKey"`
	OrderID    *uuid.UUID `gorm:"type:uuid"`
	CustomerID uuid.UUID  `gorm:"type:uuid"`
	ServerID   *uuid.UUID `gorm:"type:uuid"`
	Region     string
	SizeGB     int
	IsBoot     bool
	ExternalID *string
	Status     string
	CreatedAt  time.Time
}

// TableName implements gorm's tabler.
func (Volume) TableName() string { return "volumes" }

// BeforeCreate assigns the volume id.
func (v *Volume) BeforeCreate(*gorm.DB) error {
	if v.ID == uuid.Nil {
		v.ID = uuid.New()
	}
	return nil
}

// Repository stores volumes.
type Repository struct{ db *gorm.DB }

// NewRepository returns a Repository.
func NewRepository(db *gorm.DB) *Repository { return &Repository{db: db} }

// WithTx binds the repository to tx.
func (r *Repository) WithTx(tx *gorm.DB) *Repository { return &Repository{db: tx} }

// Create inserts a volume.
func (r *Repository) Create(ctx context.Context, v *Volume) error {
	return database.Insert(ctx, r.db, v)
}

// UpsertByExternalID inserts v unless a volume with its external id exists.
func (r *Repository) UpsertByExternalID(ctx context.Context, v *Volume) (*Volume, error) {
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "external_id"}}, DoNothing: true}).
		Create(v)
	if res.Error != nil {
		return nil, res.Error
	}
	if res.RowsAffected == 1 {
		return v, nil
	}
	return r.ByExternalID(ctx, *v.ExternalID)
}

// Get loads a volume owned by customerID.
func (r *Repository) GetOwned(ctx context.Context, customerID, id uuid.UUID) (*Volume, error) {
	v, err := database.Find[Volume](ctx, r.db, "id = ? AND customer_id = ?", id, customerID)
	if errors.Is(err, database.ErrNotFound) {
		return nil, ErrNotFound
	}
	return v, err
}

// ByExternalID loads a volume by the partner's id.
func (r *Repository) ByExternalID(ctx context.Context, ext string) (*Volume, error) {
	v, err := database.Find[Volume](ctx, r.db, "external_id = ?", ext)
	if errors.Is(err, database.ErrNotFound) {
		return nil, ErrNotFound
	}
	return v, err
}

// SetExternalID records the partner's volume id.
func (r *Repository) SetExternalID(ctx context.Context, id uuid.UUID, ext, status string) error {
	return r.db.WithContext(ctx).Model(&Volume{}).Where("id = ?", id).
		Updates(map[string]any{"external_id": ext, "status": status}).Error
}

// ClaimAttachment sets server_id when the volume is free or already attached
// to the same server; it reports whether the volume is now on serverID.
func (r *Repository) ClaimAttachment(ctx context.Context, id, serverID uuid.UUID) (bool, error) {
	res := r.db.WithContext(ctx).Model(&Volume{}).
		Where("id = ? AND (server_id IS NULL OR server_id = ?)", id, serverID).
		Updates(map[string]any{"server_id": serverID, "status": StatusAttached})
	return res.RowsAffected == 1, res.Error
}

// Datacenter is the part of the partner API used for volumes.
type Datacenter interface {
	CreateVolume(ctx context.Context, req datacenter.CreateVolumeRequest, opts ...datacenter.CallOption) (*datacenter.Volume, error)
	AttachVolume(ctx context.Context, volumeID, serverID string) error
}

// Service implements the volume API.
type Service struct {
	db      *gorm.DB
	repo    *Repository
	orders  *orders.Repository
	servers *servers.Repository
	dc      Datacenter
	maxGB   int
}

// NewService wires a Service.
func NewService(db *gorm.DB, repo *Repository, ord *orders.Repository, srv *servers.Repository, dc Datacenter) *Service {
	return &Service{db: db, repo: repo, orders: ord, servers: srv, dc: dc, maxGB: 16384}
}

// OrderInput is the body of a volume order.
type OrderInput struct {
	Region string `json:"region"`
	SizeGB int    `json:"size_gb"`
}

// Order creates a volume order and allocates the volume at the partner.
func (s *Service) Order(ctx context.Context, customerID uuid.UUID, in OrderInput) (*Volume, error) {
	if in.SizeGB < 10 || in.SizeGB > s.maxGB {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "invalid_size", fmt.Sprintf("size must be between 10 and %d GB", s.maxGB))
	}

	vol, err := database.InTx(ctx, s.db, func(tx *gorm.DB) (*Volume, error) {
		o := &orders.Order{CustomerID: customerID, Kind: orders.KindVolume, Region: in.Region, SizeGB: &in.SizeGB}
		if err := s.orders.WithTx(tx).Create(ctx, o); err != nil {
			return nil, err
		}
		v := &Volume{OrderID: &o.ID, CustomerID: customerID, Region: in.Region, SizeGB: in.SizeGB, Status: StatusPending}
		if err := s.repo.WithTx(tx).Create(ctx, v); err != nil {
			return nil, err
		}
		return v, nil
	})
	if err != nil {
		return nil, err
	}

	ext, err := s.dc.CreateVolume(ctx, datacenter.CreateVolumeRequest{
		Region: in.Region,
		SizeGB: in.SizeGB,
		Labels: map[string]string{"customer": customerID.String(), "volume": vol.ID.String()},
	}, datacenter.WithIdempotencyKey("vol-"+vol.ID.String()))
	if err != nil {
		return nil, fmt.Errorf("create volume: %w", err)
	}
	if err := s.repo.SetExternalID(ctx, vol.ID, ext.ID, StatusAvailable); err != nil {
		return nil, err
	}
	if err := s.orders.SetStatus(ctx, *vol.OrderID, orders.StatusFulfilled); err != nil {
		return nil, err
	}
	vol.ExternalID, vol.Status = &ext.ID, StatusAvailable
	return vol, nil
}

// Attach attaches a volume to one of the customer's servers.
func (s *Service) Attach(ctx context.Context, customerID, volumeID, serverID uuid.UUID) (*Volume, error) {
	vol, err := s.repo.GetOwned(ctx, customerID, volumeID)
	if err != nil {
		return nil, httpx.NewError(http.StatusNotFound, "not_found", "volume not found")
	}
	srv, err := s.servers.GetOwned(ctx, customerID, serverID)
	if err != nil {
		return nil, httpx.NewError(http.StatusNotFound, "not_found", "server not found")
	}
	if vol.ExternalID == nil || srv.ExternalID == nil {
		return nil, httpx.NewError(http.StatusConflict, "not_ready", "volume or server is still provisioning")
	}
	if vol.Region != srv.Region {
		return nil, httpx.NewError(http.StatusUnprocessableEntity, "region_mismatch", "volume and server are in different regions")
	}

	ok, err := s.repo.ClaimAttachment(ctx, vol.ID, srv.ID)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, httpx.NewError(http.StatusConflict, "volume_in_use", "volume is attached to another server")
	}
	if err := s.dc.AttachVolume(ctx, *vol.ExternalID, *srv.ExternalID); err != nil {
		return nil, fmt.Errorf("attach volume: %w", err)
	}
	vol.ServerID, vol.Status = &srv.ID, StatusAttached
	return vol, nil
}
