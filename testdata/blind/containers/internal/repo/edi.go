package repo

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
)

// Outbox stores outbound EDI messages waiting to be relayed to SQS.
type Outbox struct {
	*db.Repository[domain.OutboxMessage]
}

func NewOutbox(g *gorm.DB) *Outbox {
	return &Outbox{Repository: db.NewRepository[domain.OutboxMessage](g)}
}

// Add writes a message unless one with the same dedup key exists.
func (r *Outbox) Add(ctx context.Context, m *domain.OutboxMessage) error {
	_, err := r.CreateIgnoreConflict(ctx, m, "dedup_key")
	return err
}

// LockPending returns up to limit unrelayed messages, locked for this
// transaction.
func (r *Outbox) LockPending(ctx context.Context, limit int) ([]domain.OutboxMessage, error) {
	var out []domain.OutboxMessage
	err := r.DB(ctx).
		Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("relayed_at IS NULL").Order("id").Limit(limit).Find(&out).Error
	return out, err
}

func (r *Outbox) MarkRelayed(ctx context.Context, ids []int64, at time.Time) error {
	_, err := r.UpdateWhere(ctx, map[string]any{"relayed_at": at}, "id IN ?", ids)
	return err
}

// EDIMessages stores delivery state for outbound messages.
type EDIMessages struct {
	*db.Repository[domain.EDIMessage]
	attempts *db.Repository[domain.EDIDeliveryAttempt]
}

func NewEDIMessages(g *gorm.DB) *EDIMessages {
	return &EDIMessages{
		Repository: db.NewRepository[domain.EDIMessage](g),
		attempts:   db.NewRepository[domain.EDIDeliveryAttempt](g),
	}
}

// Ensure inserts the message on first sight and returns the stored row.
func (r *EDIMessages) Ensure(ctx context.Context, m *domain.EDIMessage) (*domain.EDIMessage, error) {
	if _, err := r.CreateIgnoreConflict(ctx, m, "id"); err != nil {
		return nil, err
	}
	return r.FindByID(ctx, m.ID)
}

func (r *EDIMessages) MarkDelivered(ctx context.Context, id, partnerRef string, at time.Time) error {
	_, err := r.UpdateWhere(ctx, map[string]any{
		"status": domain.EDIDelivered, "partner_ref": partnerRef, "delivered_at": at, "updated_at": at,
	}, "id = ?", id)
	return err
}

func (r *EDIMessages) MarkRejected(ctx context.Context, id string) error {
	_, err := r.UpdateWhere(ctx, map[string]any{"status": domain.EDIRejected, "updated_at": time.Now()}, "id = ?", id)
	return err
}

func (r *EDIMessages) LogAttempt(ctx context.Context, a *domain.EDIDeliveryAttempt) error {
	return r.attempts.Create(ctx, a)
}
