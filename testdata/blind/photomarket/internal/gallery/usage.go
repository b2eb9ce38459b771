package gallery

import (
	"context"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"

	"github.com/lenslane/photomarket/internal/events"
)

// UsageRecord meters storage for the photographer's plan.
type UsageRecord struct {
	ID             string
	PhotographerID string
	PhotoID        string
	Variant        string
	Bytes          int64
	RecordedAt     time.Time
}

func (UsageRecord) Table() string { return "usage_records" }

func (UsageRecord) Columns() []string {
	return []string{"id", "photographer_id", "photo_id", "variant", "bytes", "recorded_at"}
}

func (u *UsageRecord) Values() []any {
	return []any{u.ID, u.PhotographerID, u.PhotoID, u.Variant, u.Bytes, u.RecordedAt}
}

func (u *UsageRecord) ScanDest() []any {
	return []any{&u.ID, &u.PhotographerID, &u.PhotoID, &u.Variant, &u.Bytes, &u.RecordedAt}
}

type usageWriter interface {
	Insert(ctx context.Context, v *UsageRecord) error
}

// UsageMeter records the storage consumed by each derivative.
type UsageMeter struct {
	Usage usageWriter
	Now   func() time.Time
}

// Handle is the watermill handler for image.processed.
func (m *UsageMeter) Handle(msg *message.Message) error {
	ev, err := events.Decode[events.ImageProcessed](msg)
	if err != nil {
		return err
	}
	now := time.Now
	if m.Now != nil {
		now = m.Now
	}
	return m.Usage.Insert(msg.Context(), &UsageRecord{
		ID:             uuid.NewString(),
		PhotographerID: ev.PhotographerID,
		PhotoID:        ev.PhotoID,
		Variant:        ev.Variant,
		Bytes:          ev.SizeBytes,
		RecordedAt:     now().UTC(),
	})
}
