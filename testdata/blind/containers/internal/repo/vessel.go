// Package repo implements the service repository interfaces on gorm.
package repo

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
)

// VesselCalls stores the vessel call schedule.
type VesselCalls struct {
	*db.Repository[domain.VesselCall]
}

func NewVesselCalls(g *gorm.DB) *VesselCalls {
	return &VesselCalls{Repository: db.NewRepository[domain.VesselCall](g)}
}

// InsertIfAbsent writes the call unless the voyage is already scheduled.
func (r *VesselCalls) InsertIfAbsent(ctx context.Context, c *domain.VesselCall) (bool, error) {
	return r.CreateIgnoreConflict(ctx, c, "vessel_imo", "voyage_no")
}

func (r *VesselCalls) FindByVoyage(ctx context.Context, imo, voyage string) (*domain.VesselCall, error) {
	return r.FindOne(ctx, "vessel_imo = ? AND voyage_no = ?", imo, voyage)
}

// SetBerth records the berth window confirmed by the planner. A call can be
// SetBerth records the berth window confirmed by the planner. A call can be
// re-berthed, so this overwrites whatever was there.
func (r *VesselCalls) SetBerth(ctx context.Context, id, berth string, from, to, at time.Time) (*domain.VesselCall, error) {
	n, err := r.UpdateWhere(ctx, map[string]any{
		"berth":              berth,
		"berth_from":         from,
		"berth_to":           to,
		"berth_confirmed_at": at,
		"status":             domain.CallBerthed,
		"updated_at":         at,
	}, "id = ? AND status <> ?", id, domain.CallSailed)
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, db.ErrNotFound
	}
	return r.FindByID(ctx, id)
}
