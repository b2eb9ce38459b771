// Package outbox writes messages in the transaction the context carries.
package outbox

import (
	"context"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"example.com/wiredrepo/database"
	"example.com/wiredrepo/domain"
)

// Writer adds messages.
type Writer struct{ DB *gorm.DB }

// Add adds a message of topic under a new ID.
func (w *Writer) Add(ctx context.Context, topic string) error {
	return database.NewRepo[domain.Message](w.DB).Create(ctx, &domain.Message{ID: uuid.NewString(), Topic: topic}) // want `a retry creates a second Message with a new ID: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Handler.Announce\)`
}

// Publish adds a message of topic under a new ID.
func (w *Writer) Publish(ctx context.Context, topic string) error {
	return database.NewRepo[domain.Message](w.DB).Create(ctx, &domain.Message{ID: uuid.NewString(), Topic: topic})
}

// Notify adds a message of topic under a new ID.
func (w *Writer) Notify(ctx context.Context, topic string) error {
	return database.NewRepo[domain.Message](w.DB).Create(ctx, &domain.Message{ID: uuid.NewString(), Topic: topic})
}
