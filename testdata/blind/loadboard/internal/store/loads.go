package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/haulgrid/loadboard/internal/domain"
)

// LoadRepo persists loads.
type LoadRepo struct {
	db *gorm.DB
}

func NewLoadRepo(db *gorm.DB) *LoadRepo { return &LoadRepo{db: db} }

func (r *LoadRepo) Create(ctx context.Context, l *domain.Load) error {
	row := loadFromDomain(l)
	if err := conn(ctx, r.db).Create(row).Error; err != nil {
		return fmt.Errorf("insert load: %w", err)
	}
	l.CreatedAt, l.UpdatedAt = row.CreatedAt, row.UpdatedAt
	return nil
}

func (r *LoadRepo) Get(ctx context.Context, id string) (*domain.Load, error) {
	var row loadRow
	if err := conn(ctx, r.db).Where("id = ?", id).Take(&row).Error; err != nil {
		return nil, notFound(err)
	}
	return row.toDomain(), nil
}

// GetForUpdate locks the load row for the rest of the transaction.
func (r *LoadRepo) GetForUpdate(ctx context.Context, id string) (*domain.Load, error) {
	var row loadRow
	err := conn(ctx, r.db).
		Clauses(clause.Locking{Strength: "UPDATE"}).
		Where("id = ?", id).
		Take(&row).Error
	if err != nil {
		return nil, notFound(err)
	}
	return row.toDomain(), nil
}

// Transition moves the load to `to` if its current status is one of `from`.
// It reports whether a row changed.
func (r *LoadRepo) Transition(ctx context.Context, id string, to domain.LoadStatus, from ...domain.LoadStatus) (bool, error) {
	res := conn(ctx, r.db).Model(&loadRow{}).
		Where("id = ? AND status IN ?", id, statuses(from)).
		Updates(map[string]any{"status": string(to), "updated_at": time.Now().UTC()})
	if res.Error != nil {
		return false, fmt.Errorf("transition load %s: %w", id, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// StartTendering records the tender workflow for an open load and moves it
// to tendering.
func (r *LoadRepo) StartTendering(ctx context.Context, id, workflowID string) error {
	res := conn(ctx, r.db).Model(&loadRow{}).
		Where("id = ? AND status = ?", id, domain.LoadOpen).
		Updates(map[string]any{
			"status":             string(domain.LoadTendering),
			"tender_workflow_id": workflowID,
			"updated_at":         time.Now().UTC(),
		})
	if res.Error != nil {
		return fmt.Errorf("start tendering %s: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return &domain.TransitionError{Entity: "load", ID: id, To: string(domain.LoadTendering)}
	}
	return nil
}

// MarkCovered books the load to a carrier.
func (r *LoadRepo) MarkCovered(ctx context.Context, id, carrierID string, rateCents int64) error {
	res := conn(ctx, r.db).Model(&loadRow{}).
		Where("id = ? AND status = ?", id, domain.LoadTendering).
		Updates(map[string]any{
			"status":            string(domain.LoadCovered),
			"carrier_id":        carrierID,
			"agreed_rate_cents": rateCents,
			"updated_at":        time.Now().UTC(),
		})
	if res.Error != nil {
		return fmt.Errorf("cover load %s: %w", id, res.Error)
	}
	if res.RowsAffected == 0 {
		return &domain.TransitionError{Entity: "load", ID: id, To: string(domain.LoadCovered)}
	}
	return nil
}

// SetBidStats overwrites the denormalised bid summary shown on the board.
func (r *LoadRepo) SetBidStats(ctx context.Context, id string, st domain.BidStats) error {
	return conn(ctx, r.db).Model(&loadRow{}).
		Where("id = ?", id).
		Updates(map[string]any{"bid_count": st.Count, "low_bid_cents": st.LowCents}).Error
}

// MarkShipperNotified stamps the time the shipper was told about the booking.
func (r *LoadRepo) MarkShipperNotified(ctx context.Context, id string, at time.Time) error {
	return conn(ctx, r.db).Model(&loadRow{}).
		Where("id = ?", id).
		Update("shipper_notified_at", at).Error
}

// ListOpen returns open loads, newest first.
func (r *LoadRepo) ListOpen(ctx context.Context, equipment domain.Equipment, limit int) ([]*domain.Load, error) {
	q := conn(ctx, r.db).Where("status = ?", domain.LoadOpen)
	if equipment != "" {
		q = q.Where("equipment = ?", string(equipment))
	}
	var rows []loadRow
	if err := q.Order("created_at DESC").Limit(limit).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]*domain.Load, 0, len(rows))
	for i := range rows {
		out = append(out, rows[i].toDomain())
	}
	return out, nil
}

func statuses(in []domain.LoadStatus) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = string(s)
	}
	return out
}
