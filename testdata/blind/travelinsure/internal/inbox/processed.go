// Package inbox records which feed messages a consumer has handled.
package inbox

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/skyguard-travel/policyhub/internal/models"
)

// Processed tracks handled messages per consumer.
type Processed interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	Mark(ctx context.Context, consumer, messageID string) error
}

type processed struct {
	db bun.IDB
}

// NewProcessed returns a Processed store on db.
func NewProcessed(db bun.IDB) Processed {
	return &processed{db: db}
}

func (p *processed) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	ok, err := p.db.NewSelect().Model((*models.ProcessedMessage)(nil)).
		Where("consumer = ?", consumer).
		Where("message_id = ?", messageID).
		Exists(ctx)
	if err != nil {
		return false, fmt.Errorf("check processed %s/%s: %w", consumer, messageID, err)
	}
	return ok, nil
}

func (p *processed) Mark(ctx context.Context, consumer, messageID string) error {
	_, err := p.db.NewInsert().Model(&models.ProcessedMessage{
		Consumer:    consumer,
		MessageID:   messageID,
		ProcessedAt: time.Now().UTC(),
	}).On("CONFLICT (consumer, message_id) DO NOTHING").Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark processed %s/%s: %w", consumer, messageID, err)
	}
	return nil
}
