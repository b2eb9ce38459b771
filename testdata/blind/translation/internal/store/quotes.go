package store

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
)

// Quotes is the quote repository.
type Quotes struct {
	platform.Repo[domain.Quote]
}

// NewQuotes builds the quote repository.
func NewQuotes(db *gorm.DB) *Quotes {
	return &Quotes{Repo: platform.NewRepo[domain.Quote](db)}
}

// ForJobAndTranslator loads the translator's quote on a job.
func (r *Quotes) ForJobAndTranslator(ctx context.Context, jobID string, translatorID any) (*domain.Quote, error) {
	return r.FindOne(ctx, "job_id = ? AND translator_id = ?", jobID, translatorID)
}

// DueForReminder lists submitted quotes older than age that have not been
// reminded about yet.
func (r *Quotes) DueForReminder(ctx context.Context, now time.Time, age time.Duration, limit int) ([]domain.Quote, error) {
	var out []domain.Quote
	err := r.DB(ctx).
		Where("status = ? AND created_at < ? AND reminded_at IS NULL AND expires_at > ?",
			domain.QuoteSubmitted, now.Add(-age), now).
		Order("created_at").Limit(limit).Find(&out).Error
	return out, err
}

// ExpireStale marks every submitted quote past its expiry as expired.
func (r *Quotes) ExpireStale(ctx context.Context, now time.Time) (int64, error) {
	return r.Update(ctx, map[string]any{"status": domain.QuoteExpired},
		"status = ? AND expires_at < ?", domain.QuoteSubmitted, now)
}

// RejectOthers marks every other open quote on the job as rejected.
func (r *Quotes) RejectOthers(ctx context.Context, jobID, acceptedID string) error {
	_, err := r.Update(ctx, map[string]any{"status": domain.QuoteRejected},
		"job_id = ? AND id <> ? AND status = ?", jobID, acceptedID, domain.QuoteSubmitted)
	return err
}

// Messages is the job-thread repository.
type Messages struct {
	platform.Repo[domain.Message]
}

// NewMessages builds the message repository.
func NewMessages(db *gorm.DB) *Messages {
	return &Messages{Repo: platform.NewRepo[domain.Message](db)}
}
