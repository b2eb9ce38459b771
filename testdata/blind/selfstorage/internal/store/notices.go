package store

import (
	"context"
)

// NoticeStore tracks outbound tenant messages.
type NoticeStore struct {
	db *DB
	*Repo[Notice, *Notice]
}

func NewNoticeStore(db *DB) *NoticeStore {
	return &NoticeStore{db: db, Repo: NewRepo[Notice](db, "notice_key")}
}

// Claim records the notice as being sent; false means another delivery
// already claimed the same key.
func (s *NoticeStore) Claim(ctx context.Context, n *Notice) (bool, error) {
	return s.InsertIgnore(ctx, n, "notice_key")
}

func (s *NoticeStore) MarkSent(ctx context.Context, key, providerID string) error {
	_, err := s.db.conn(ctx).Exec(ctx, `
		UPDATE notices SET status = 'sent', provider_message_id = $2, sent_at = now()
		 WHERE notice_key = $1`, key, providerID)
	return err
}

func (s *NoticeStore) MarkFailed(ctx context.Context, key string) error {
	_, err := s.db.conn(ctx).Exec(ctx,
		`UPDATE notices SET status = 'failed' WHERE notice_key = $1 AND status = 'sending'`, key)
	return err
}
