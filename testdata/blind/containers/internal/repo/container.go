package repo

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
)

// Containers stores container master data and yard position.
type Containers struct {
	*db.Repository[domain.Container]
}

func NewContainers(g *gorm.DB) *Containers {
	return &Containers{Repository: db.NewRepository[domain.Container](g)}
}

func (r *Containers) Get(ctx context.Context, containerNo string) (*domain.Container, error) {
	return r.FindOne(ctx, "container_no = ?", containerNo)
}

func (r *Containers) UpsertGateIn(ctx context.Context, c *domain.Container) error {
	return r.Upsert(ctx, c, []string{"container_no"},
		[]string{"status", "iso_type", "reefer", "yard_slot_id", "gated_in_at", "gated_out_at", "updated_at"})
}

func (r *Containers) MarkGatedOut(ctx context.Context, containerNo string, at time.Time) error {
	_, err := r.UpdateWhere(ctx, map[string]any{
		"status":       domain.ContainerGatedOut,
		"gated_out_at": at,
		"yard_slot_id": nil,
		"updated_at":   at,
	}, "container_no = ?", containerNo)
	return err
}

func (r *Containers) SetCustomsStatus(ctx context.Context, containerNo, status string) error {
	_, err := r.UpdateWhere(ctx, map[string]any{"customs_status": status, "updated_at": time.Now()},
		"container_no = ?", containerNo)
	return err
}

func (r *Containers) SetPlugged(ctx context.Context, containerNo string, plugged bool) error {
	_, err := r.UpdateWhere(ctx, map[string]any{"reefer_plugged": plugged, "updated_at": time.Now()},
		"container_no = ?", containerNo)
	return err
}

func (r *Containers) Dwelling(ctx context.Context, cutoff time.Time) ([]domain.Container, error) {
	return r.FindAll(ctx, "status = ? AND gated_in_at < ?", domain.ContainerInYard, cutoff)
}
