// Package repos implements the ports repository interfaces on gorm.
package repos

import (
	"context"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/kelpline-systems/quotareg/internal/domain"
	"github.com/kelpline-systems/quotareg/internal/ports"
	"github.com/kelpline-systems/quotareg/internal/storage"
)

func notFound(err error) error {
	if storage.IsNotFound(err) {
		return ports.ErrNotFound
	}
	return err
}

type VesselRepo struct {
	storage.Repository[domain.Vessel]
}

func NewVesselRepo(db *gorm.DB) *VesselRepo {
	return &VesselRepo{Repository: storage.NewRepository[domain.Vessel](db)}
}

// Register inserts the vessel unless one with the same registration number
// exists; the existing row is loaded into v in that case.
func (r *VesselRepo) Register(ctx context.Context, v *domain.Vessel) (bool, error) {
	created, err := r.CreateIfAbsent(ctx, v, "registration_no")
	if err != nil || created {
		return created, err
	}
	existing, err := r.FindOne(ctx, "registration_no = ?", v.RegistrationNo)
	if err != nil {
		return false, err
	}
	*v = *existing
	return false, nil
}

func (r *VesselRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Vessel, error) {
	v, err := r.FindByID(ctx, id)
	return v, notFound(err)
}

func (r *VesselRepo) GetByRegistration(ctx context.Context, registrationNo string) (*domain.Vessel, error) {
	v, err := r.FindOne(ctx, "registration_no = ?", registrationNo)
	return v, notFound(err)
}

func (r *VesselRepo) ListActive(ctx context.Context) ([]domain.Vessel, error) {
	return r.FindAll(ctx, "status = ?", domain.VesselActive)
}

func (r *VesselRepo) SetStatus(ctx context.Context, id uuid.UUID, status string) error {
	_, err := r.UpdateColumns(ctx, id, map[string]any{"status": status})
	return err
}

type TripRepo struct {
	storage.Repository[domain.TripSummary]
}

func NewTripRepo(db *gorm.DB) *TripRepo {
	return &TripRepo{Repository: storage.NewRepository[domain.TripSummary](db)}
}

func (r *TripRepo) InsertIfAbsent(ctx context.Context, t *domain.TripSummary) (bool, error) {
	return r.CreateIfAbsent(ctx, t, "trip_id")
}

type PortCallRepo struct {
	storage.Repository[domain.PortCall]
}

func NewPortCallRepo(db *gorm.DB) *PortCallRepo {
	return &PortCallRepo{Repository: storage.NewRepository[domain.PortCall](db)}
}

// InsertIfAbsent records the port call keyed by vessel, port and ETA and
// returns the stored row.
func (r *PortCallRepo) InsertIfAbsent(ctx context.Context, pc *domain.PortCall) (*domain.PortCall, error) {
	if _, err := r.CreateIfAbsent(ctx, pc, "vessel_id", "port_code", "eta"); err != nil {
		return nil, err
	}
	return r.FindOne(ctx, "vessel_id = ? AND port_code = ? AND eta = ?", pc.VesselID, pc.PortCode, pc.ETA)
}

type ObserverReportRepo struct {
	storage.Repository[domain.ObserverReport]
}

func NewObserverReportRepo(db *gorm.DB) *ObserverReportRepo {
	return &ObserverReportRepo{Repository: storage.NewRepository[domain.ObserverReport](db)}
}
