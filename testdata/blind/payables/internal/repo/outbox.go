package repo

import (
	"context"
	"database/sql"

	"github.com/northwind/payables/internal/domain"
)

// OutboxRepo is the transactional outbox.
type OutboxRepo interface {
	WithTx(tx *sql.Tx) OutboxRepo
	Add(ctx context.Context, m domain.OutboxMessage) error
	FetchUnpublished(ctx context.Context, limit uint64) ([]domain.OutboxMessage, error)
	MarkPublished(ctx context.Context, id string) error
}

type outboxRepo struct{ base }

// NewOutboxRepo returns an OutboxRepo.
func NewOutboxRepo(db *sql.DB) OutboxRepo { return &outboxRepo{base{db}} }

func (r *outboxRepo) WithTx(tx *sql.Tx) OutboxRepo { return &outboxRepo{base{tx}} }

// Add writes m. Message IDs are derived from the state change they announce,
// so writing the same message twice is a no-op.
func (r *outboxRepo) Add(ctx context.Context, m domain.OutboxMessage) error {
	_, err := r.insert("outbox").
		Columns("id", "topic", "aggregate_id", "tenant_id", "payload").
		Values(m.ID, m.Topic, m.AggregateID, m.TenantID, m.Payload).
		Suffix("ON CONFLICT (id) DO NOTHING").
		ExecContext(ctx)
	return err
}

func (r *outboxRepo) FetchUnpublished(ctx context.Context, limit uint64) ([]domain.OutboxMessage, error) {
	rows, err := r.sel("id", "topic", "aggregate_id", "tenant_id", "payload", "created_at").
		From("outbox").Where("published_at IS NULL").
		OrderBy("created_at").Limit(limit).Suffix("FOR UPDATE SKIP LOCKED").
		QueryContext(ctx)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.OutboxMessage
	for rows.Next() {
		var m domain.OutboxMessage
		if err := rows.Scan(&m.ID, &m.Topic, &m.AggregateID, &m.TenantID, &m.Payload, &m.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func (r *outboxRepo) MarkPublished(ctx context.Context, id string) error {
	_, err := r.update("outbox").Set("published_at", sqlNow).Where("id = ?", id).ExecContext(ctx)
	return err
}
