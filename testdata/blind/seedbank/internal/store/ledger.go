package store

import (
	"context"
	"time"

	"gorm.io/gorm/clause"

	"github.com/furrowline/seedbank/internal/domain"
	"github.com/furrowline/seedbank/internal/platform/database"
)

// Seen reports whether the provider event was already applied.
func (s *ReceiptStore) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&domain.WebhookReceipt{}).
		Where("provider = ? AND event_id = ?", provider, eventID).
		Count(&n).Error
	return n > 0, err
}

// Record stores the provider event id.
func (s *ReceiptStore) Record(ctx context.Context, provider, eventID string) error {
	return s.db.WithContext(ctx).
		Clauses(clause.OnConflict{DoNothing: true}).
		Create(&domain.WebhookReceipt{Provider: provider, EventID: eventID, ReceivedAt: time.Now().UTC()}).Error
}

// Seen reports whether handler already processed messageID.
func (s *ProcessedStore) Seen(ctx context.Context, handler, messageID string) (bool, error) {
	var n int64
	err := database.Conn(ctx, s.db).Model(&domain.ProcessedMessage{}).
		Where("handler = ? AND message_id = ?", handler, messageID).
		Count(&n).Error
	return n > 0, err
}

// Mark stores that handler processed messageID.
func (s *ProcessedStore) Mark(ctx context.Context, handler, messageID string) error {
	return database.Conn(ctx, s.db).
		Clauses(clause.OnConflict{DoNothing: true}).
		Create(&domain.ProcessedMessage{Handler: handler, MessageID: messageID, ProcessedAt: time.Now().UTC()}).Error
}

// Claim inserts the marker and reports whether this caller inserted it. Run
// it in the same transaction as the work it guards.
func (s *ProcessedStore) Claim(ctx context.Context, handler, messageID string) (bool, error) {
	res := database.Conn(ctx, s.db).
		Clauses(clause.OnConflict{DoNothing: true}).
		Create(&domain.ProcessedMessage{Handler: handler, MessageID: messageID, ProcessedAt: time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

// Recipient is a member due the season's catalogue.
type Recipient struct {
	MemberID string
	Email    string
	Name     string
}

// Pending lists active members who have not yet been sent the season's
// catalogue.
func (s *CatalogueStore) Pending(ctx context.Context, season string, limit int) ([]Recipient, error) {
	var out []Recipient
	err := s.db.WithContext(ctx).Raw(`
		SELECT m.id AS member_id, m.email, m.name
		  FROM members m
		  LEFT JOIN catalogue_sends c ON c.member_id = m.id AND c.season = ?
		 WHERE m.status = ? AND (c.member_id IS NULL OR c.sent_at IS NULL)
		 ORDER BY m.id
		 LIMIT ?`, season, domain.MemberActive, limit).Scan(&out).Error
	return out, err
}

// MarkSent records the provider's message id for the member's send.
func (s *CatalogueStore) MarkSent(ctx context.Context, season, memberID, providerMessageID string) error {
	return database.Conn(ctx, s.db).Exec(`
		INSERT INTO catalogue_sends (season, member_id, provider_message_id, sent_at, created_at)
		VALUES (?, ?, ?, now(), now())
		ON CONFLICT (season, member_id)
		DO UPDATE SET provider_message_id = EXCLUDED.provider_message_id, sent_at = EXCLUDED.sent_at`,
		season, memberID, providerMessageID).Error
}

// Append inserts one attempt row.
func (s *EmailAttemptStore) Append(ctx context.Context, a *domain.EmailAttempt) error {
	return s.db.WithContext(ctx).Create(a).Error
}
