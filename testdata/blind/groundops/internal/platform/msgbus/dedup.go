package msgbus

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/models"
)

// Dedup skips messages whose id has already been processed. Register it
// on handlers whose effect must not be applied twice.
func Dedup(db *gorm.DB) Middleware {
	return func(next HandlerFunc) HandlerFunc {
		return func(ctx context.Context, env Envelope) error {
			var seen int64
			if err := db.WithContext(ctx).Model(&models.ProcessedMessage{}).
				Where("message_id = ?", env.MessageID).Count(&seen).Error; err != nil {
				return err
			}
			if seen > 0 {
				return nil
			}
			if err := next(ctx, env); err != nil {
				return err
			}
			return db.WithContext(ctx).Create(&models.ProcessedMessage{
				MessageID:   env.MessageID,
				Topic:       env.Topic,
				ProcessedAt: time.Now().UTC(),
			}).Error
		}
	}
}
