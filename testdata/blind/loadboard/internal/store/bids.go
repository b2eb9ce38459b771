package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"github.com/haulgrid/loadboard/internal/domain"
)

// BidRepo persists carrier bids.
type BidRepo struct {
	db *gorm.DB
}

func NewBidRepo(db *gorm.DB) *BidRepo { return &BidRepo{db: db} }

func (r *BidRepo) Insert(ctx context.Context, b *domain.Bid) error {
	row := bidRow{
		ID:          b.ID,
		LoadID:      b.LoadID,
		CarrierID:   b.CarrierID,
		AmountCents: b.AmountCents,
		Note:        b.Note,
		Status:      string(b.Status),
		CreatedAt:   b.CreatedAt,
	}
	if err := conn(ctx, r.db).Create(&row).Error; err != nil {
		return fmt.Errorf("insert bid: %w", err)
	}
	return nil
}

func (r *BidRepo) Get(ctx context.Context, id string) (*domain.Bid, error) {
	var row bidRow
	if err := conn(ctx, r.db).Where("id = ?", id).Take(&row).Error; err != nil {
		return nil, notFound(err)
	}
	return row.toDomain(), nil
}

// Ranked returns the active bids on a load, cheapest first, oldest first on ties.
func (r *BidRepo) Ranked(ctx context.Context, loadID string, limit int) ([]*domain.Bid, error) {
	var rows []bidRow
	err := conn(ctx, r.db).
		Where("load_id = ? AND status = ?", loadID, domain.BidActive).
		Order("amount_cents ASC, created_at ASC").
		Limit(limit).
		Find(&rows).Error
	if err != nil {
		return nil, err
	}
	out := make([]*domain.Bid, 0, len(rows))
	for i := range rows {
		out = append(out, rows[i].toDomain())
	}
	return out, nil
}

// Stats computes the bid summary for a load from the bids table.
func (r *BidRepo) Stats(ctx context.Context, loadID string) (domain.BidStats, error) {
	var out struct {
		Count int
		Low   *int64
	}
	err := conn(ctx, r.db).Model(&bidRow{}).
		Select("COUNT(*) AS count, MIN(amount_cents) AS low").
		Where("load_id = ? AND status = ?", loadID, domain.BidActive).
		Scan(&out).Error
	if err != nil {
		return domain.BidStats{}, err
	}
	st := domain.BidStats{Count: out.Count}
	if out.Low != nil {
		st.LowCents = *out.Low
	}
	return st, nil
}

// SetStatus updates the status of the given bids.
func (r *BidRepo) SetStatus(ctx context.Context, status domain.BidStatus, ids ...string) error {
	if len(ids) == 0 {
		return nil
	}
	return conn(ctx, r.db).Model(&bidRow{}).
		Where("id IN ?", ids).
		Update("status", string(status)).Error
}
