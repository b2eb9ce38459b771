package repo

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
)

// Appointments stores truck appointments and their gate windows.
type Appointments struct {
	*db.Repository[domain.TruckAppointment]
	windows *db.Repository[domain.AppointmentWindow]
}

func NewAppointments(g *gorm.DB) *Appointments {
	return &Appointments{
		Repository: db.NewRepository[domain.TruckAppointment](g),
		windows:    db.NewRepository[domain.AppointmentWindow](g),
	}
}

func (r *Appointments) TakeWindowCapacity(ctx context.Context, windowID string) (bool, error) {
	n, err := r.windows.UpdateWhere(ctx, map[string]any{"booked": gorm.Expr("booked + 1")},
		"id = ? AND booked < capacity", windowID)
	return n == 1, err
}

func (r *Appointments) ReturnWindowCapacity(ctx context.Context, windowID string) error {
	_, err := r.windows.UpdateWhere(ctx, map[string]any{"booked": gorm.Expr("booked - 1")},
		"id = ? AND booked > 0", windowID)
	return err
}

func (r *Appointments) Insert(ctx context.Context, a *domain.TruckAppointment) error {
	return r.Create(ctx, a)
}

func (r *Appointments) Get(ctx context.Context, id string) (*domain.TruckAppointment, error) {
	return r.FindByID(ctx, id)
}

func (r *Appointments) Transition(ctx context.Context, id, from, to string) (bool, error) {
	n, err := r.UpdateWhere(ctx, map[string]any{"status": to, "updated_at": time.Now()},
		"id = ? AND status = ?", id, from)
	return n == 1, err
}

func (r *Appointments) CompleteForContainer(ctx context.Context, containerNo, kind string) error {
	_, err := r.UpdateWhere(ctx, map[string]any{"status": domain.ApptCompleted, "updated_at": time.Now()},
		"container_no = ? AND kind = ? AND status = ?", containerNo, kind, domain.ApptBooked)
	return err
}

func (r *Appointments) UpcomingPickups(ctx context.Context, containerNo string) ([]domain.TruckAppointment, error) {
	return r.FindAll(ctx, "container_no = ? AND kind = ? AND status = ?", containerNo, "pickup", domain.ApptBooked)
}
