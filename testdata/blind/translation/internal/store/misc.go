package store

import (
	"context"

	"gorm.io/gorm"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
)

// Disputes is the dispute repository.
type Disputes = platform.Repo[domain.Dispute]

// Shipments is the shipment repository.
type Shipments = platform.Repo[domain.Shipment]

// Segments is the MT segment repository.
type Segments struct {
	platform.Repo[domain.MTSegment]
}

// NewSegments builds the segment repository.
func NewSegments(db *gorm.DB) *Segments {
	return &Segments{Repo: platform.NewRepo[domain.MTSegment](db)}
}

// SaveAll upserts segments by (job_id, idx).
func (r *Segments) SaveAll(ctx context.Context, segs []domain.MTSegment) error {
	for i := range segs {
		if err := r.Upsert(ctx, &segs[i], []string{"job_id", "idx"},
			[]string{"source_text", "mt_text", "engine", "updated_at"}); err != nil {
			return err
		}
	}
	return nil
}
