package repository

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/trustwell/settlements/internal/domain"
)

// NoticeRepo stores claimant notices.
type NoticeRepo struct {
	db *sqlx.DB
}

// NewNoticeRepo returns a NoticeRepo.
func NewNoticeRepo(pool *sqlx.DB) *NoticeRepo { return &NoticeRepo{db: pool} }

const noticeCols = `id, settlement_id, claimant_id, kind, request_key, to_address, subject, body,
	status, provider_message_id, attempts, last_error, sent_at, created_at, updated_at`

const insertNotice = `
	INSERT INTO notices (id, settlement_id, claimant_id, kind, request_key, to_address, subject,
		body, status, provider_message_id, sent_at, created_at, updated_at)
	VALUES (:id, :settlement_id, :claimant_id, :kind, :request_key, :to_address, :subject,
		:body, :status, :provider_message_id, :sent_at, :created_at, :created_at)`

// InsertIfAbsent creates a notice unless one with the same (claimant,
// request_key) exists. It returns the stored notice and whether it is new.
func (r *NoticeRepo) InsertIfAbsent(ctx context.Context, tx *sqlx.Tx, n *domain.Notice) (*domain.Notice, bool, error) {
	res, err := tx.NamedExecContext(ctx, insertNotice+`
		ON CONFLICT ON CONSTRAINT notices_request_key DO NOTHING`, n)
	if err != nil {
		return nil, false, fmt.Errorf("insert notice: %w", err)
	}
	created, _ := res.RowsAffected()
	var stored domain.Notice
	if err := tx.GetContext(ctx, &stored, `SELECT `+noticeCols+` FROM notices
		WHERE claimant_id = $1 AND request_key = $2`, n.ClaimantID, n.RequestKey); err != nil {
		return nil, false, fmt.Errorf("load notice: %w", err)
	}
	return &stored, created == 1, nil
}

// Insert writes a notice row.
func (r *NoticeRepo) Insert(ctx context.Context, tx *sqlx.Tx, n *domain.Notice) error {
	if _, err := tx.NamedExecContext(ctx, insertNotice, n); err != nil {
		return fmt.Errorf("insert notice: %w", err)
	}
	return nil
}

// Get loads a notice.
func (r *NoticeRepo) Get(ctx context.Context, q Q, id string) (*domain.Notice, error) {
	var n domain.Notice
	if err := sqlx.GetContext(ctx, q, &n, `SELECT `+noticeCols+` FROM notices WHERE id = $1`, id); err != nil {
		return nil, notFound(err, "notice", id)
	}
	return &n, nil
}

// ClaimForSend moves a pending or failed notice to sending and returns it.
// It returns nil when another attempt already claimed or sent the notice.
func (r *NoticeRepo) ClaimForSend(ctx context.Context, id string) (*domain.Notice, error) {
	var n domain.Notice
	err := r.db.GetContext(ctx, &n, `
		UPDATE notices SET status = 'sending', attempts = attempts + 1, updated_at = now()
		WHERE id = $1 AND status IN ('pending', 'failed')
		RETURNING `+noticeCols, id)
	if err != nil {
		if isNotFound(notFound(err, "notice", id)) {
			return nil, nil
		}
		return nil, fmt.Errorf("claim notice %s: %w", id, err)
	}
	return &n, nil
}

// MarkSent records a successful send.
func (r *NoticeRepo) MarkSent(ctx context.Context, id, messageID string, at time.Time) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE notices SET status = 'sent', provider_message_id = $2, sent_at = $3, last_error = NULL, updated_at = $3
		WHERE id = $1 AND status = 'sending'`, id, messageID, at)
	if err != nil {
		return fmt.Errorf("mark notice %s sent: %w", id, err)
	}
	return nil
}

// MarkFailed returns a notice the provider rejected to failed so it can be
// claimed again.
func (r *NoticeRepo) MarkFailed(ctx context.Context, id, reason string) error {
	_, err := r.db.ExecContext(ctx, `
		UPDATE notices SET status = 'failed', last_error = $2, updated_at = now()
		WHERE id = $1 AND status = 'sending'`, id, reason)
	if err != nil {
		return fmt.Errorf("mark notice %s failed: %w", id, err)
	}
	return nil
}

// MarkBounced flags the notice carrying messageID as bounced.
func (r *NoticeRepo) MarkBounced(ctx context.Context, tx *sqlx.Tx, messageID, reason string) (bool, error) {
	res, err := tx.ExecContext(ctx, `
		UPDATE notices SET status = 'bounced', last_error = $2, updated_at = now()
		WHERE provider_message_id = $1 AND status <> 'bounced'`, messageID, reason)
	if err != nil {
		return false, fmt.Errorf("mark bounced %s: %w", messageID, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}
