package repo

import (
	"context"

	"gorm.io/gorm"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
)

// Reefer stores reefer monitoring data.
type Reefer struct {
	plugs     *db.Repository[domain.ReeferPlugEvent]
	readings  *db.Repository[domain.ReeferReading]
	incidents *db.Repository[domain.ReeferIncident]
}

func NewReefer(g *gorm.DB) *Reefer {
	return &Reefer{
		plugs:     db.NewRepository[domain.ReeferPlugEvent](g),
		readings:  db.NewRepository[domain.ReeferReading](g),
		incidents: db.NewRepository[domain.ReeferIncident](g),
	}
}

func (r *Reefer) InsertPlugEvent(ctx context.Context, e *domain.ReeferPlugEvent) error {
	return r.plugs.Create(ctx, e)
}

// SaveReading stores a temperature sample. Controllers resend samples after
// a comms gap, so a repeated sequence number refreshes the row.
func (r *Reefer) SaveReading(ctx context.Context, rd *domain.ReeferReading) error {
	return r.readings.Upsert(ctx, rd, []string{"container_no", "seq"},
		[]string{"supply_temp", "return_temp", "setpoint", "read_at", "received_at"})
}

func (r *Reefer) OpenIncident(ctx context.Context, inc *domain.ReeferIncident) error {
	return r.incidents.Create(ctx, inc)
}
