package store

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/gearloop/rentals/internal/domain"
)

// MessageRepo stores threads and messages.
type MessageRepo interface {
	EnsureThread(ctx context.Context, t domain.Thread) (domain.Thread, error)
	GetThread(ctx context.Context, id string) (domain.Thread, error)
	Insert(ctx context.Context, m domain.Message) (bool, error)
	List(ctx context.Context, threadID string, limit int) ([]domain.Message, error)
}

type messageRepo struct{ q sqlx.ExtContext }

// EnsureThread creates the booking's thread if needed and returns it.
func (r *messageRepo) EnsureThread(ctx context.Context, t domain.Thread) (domain.Thread, error) {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT IGNORE INTO message_threads (id, booking_id, renter_id, owner_id, created_at)
		VALUES (:id, :booking_id, :renter_id, :owner_id, :created_at)`, t)
	if err != nil {
		return domain.Thread{}, err
	}
	return getOne[domain.Thread](ctx, r.q, `SELECT * FROM message_threads WHERE booking_id = ?`, t.BookingID)
}

func (r *messageRepo) GetThread(ctx context.Context, id string) (domain.Thread, error) {
	return getOne[domain.Thread](ctx, r.q, `SELECT * FROM message_threads WHERE id = ?`, id)
}

// Insert stores a message. Messages carrying a client message ID are
// de-duplicated per thread; Insert reports whether a row was written.
func (r *messageRepo) Insert(ctx context.Context, m domain.Message) (bool, error) {
	res, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT IGNORE INTO messages (id, thread_id, sender_id, client_message_id, kind, body, created_at)
		VALUES (:id, :thread_id, :sender_id, :client_message_id, :kind, :body, :created_at)`, m)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (r *messageRepo) List(ctx context.Context, threadID string, limit int) ([]domain.Message, error) {
	var out []domain.Message
	err := sqlx.SelectContext(ctx, r.q, &out,
		`SELECT * FROM messages WHERE thread_id = ? ORDER BY created_at DESC LIMIT ?`, threadID, limit)
	return out, err
}
