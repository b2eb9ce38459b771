// Package notify sends SMS to recipients through TextRelay and keeps the
// notifications ledger.
package notify

import (
	"context"
	"crypto/rand"
	"strings"
	"time"

	"github.com/oklog/ulid/v2"
	"gorm.io/gorm"

	"github.com/quaymile/dispatch/internal/domain"
	"github.com/quaymile/dispatch/internal/platform/database"
)

// Ledger is the notifications table.
type Ledger struct {
	repo *database.Repo[domain.Notification]
}

// NewLedger builds a Ledger.
func NewLedger(db *gorm.DB) *Ledger {
	return &Ledger{repo: database.NewRepo[domain.Notification](db)}
}

// Claim inserts a notification keyed by dedupKey, or returns the existing
// one. claimed reports whether this call created it.
func (l *Ledger) Claim(ctx context.Context, dedupKey, channel, recipient, template string) (*domain.Notification, bool, error) {
	n := &domain.Notification{
		ID:        "ntf_" + strings.ToLower(ulid.MustNew(ulid.Now(), rand.Reader).String()),
		DedupKey:  dedupKey,
		Channel:   channel,
		Recipient: recipient,
		Template:  template,
		Status:    "pending",
		CreatedAt: time.Now().UTC(),
	}
	inserted, err := l.repo.CreateIfAbsent(ctx, n, "dedup_key")
	if err != nil {
		return nil, false, err
	}
	if inserted {
		return n, true, nil
	}
	existing, err := l.repo.FindOne(ctx, "dedup_key = ?", dedupKey)
	if err != nil {
		return nil, false, err
	}
	return existing, false, nil
}

// MarkSent records the provider's id for a sent notification.
func (l *Ledger) MarkSent(ctx context.Context, id, providerRef string) error {
	_, err := l.repo.UpdateWhere(ctx, map[string]any{
		"status": "sent", "provider_ref": providerRef, "sent_at": time.Now().UTC(),
	}, "id = ? AND status IN ('pending', 'failed')", id)
	return err
}

// MarkFailed records a definitive failure.
func (l *Ledger) MarkFailed(ctx context.Context, id, reason string) error {
	_, err := l.repo.UpdateWhere(ctx, map[string]any{"status": "failed", "provider_ref": truncate(reason, 200)},
		"id = ? AND status = 'pending'", id)
	return err
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
