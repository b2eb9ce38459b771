package repo

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
)

// Customs stores holds and broker webhook claims.
type Customs struct {
	holds  *db.Repository[domain.CustomsHold]
	claims *db.Repository[domain.CustomsEventClaim]
}

func NewCustoms(g *gorm.DB) *Customs {
	return &Customs{
		holds:  db.NewRepository[domain.CustomsHold](g),
		claims: db.NewRepository[domain.CustomsEventClaim](g),
	}
}

func (r *Customs) ClaimEvent(ctx context.Context, eventID, eventType string) (bool, error) {
	return r.claims.CreateIgnoreConflict(ctx, &domain.CustomsEventClaim{
		BrokerEventID: eventID,
		EventType:     eventType,
		ReceivedAt:    time.Now(),
	}, "broker_event_id")
}

func (r *Customs) PlaceHold(ctx context.Context, h *domain.CustomsHold) error {
	return r.holds.Create(ctx, h)
}

func (r *Customs) ActiveHolds(ctx context.Context, containerNo, declarationNo string) ([]domain.CustomsHold, error) {
	return r.holds.FindAll(ctx, "container_no = ? AND declaration_no = ? AND status = ?",
		containerNo, declarationNo, domain.HoldActive)
}

func (r *Customs) ReleaseHold(ctx context.Context, id string, at time.Time) (bool, error) {
	n, err := r.holds.UpdateWhere(ctx, map[string]any{"status": domain.HoldReleased, "released_at": at},
		"id = ? AND status = ?", id, domain.HoldActive)
	return n == 1, err
}

func (r *Customs) CountActive(ctx context.Context, containerNo string) (int64, error) {
	var n int64
	err := r.holds.DB(ctx).Model(&domain.CustomsHold{}).
		Where("container_no = ? AND status = ?", containerNo, domain.HoldActive).Count(&n).Error
	return n, err
}
