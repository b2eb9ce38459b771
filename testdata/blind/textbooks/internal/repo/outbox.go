package repo

import (
	"context"
	"encoding/json"
	"time"

	"github.com/uptrace/bun"

	"github.com/quirecampus/bookloop/internal/domain"
	"github.com/quirecampus/bookloop/internal/platform/ids"
)

// Outbox stores tasks next to the rows that caused them; the relay moves
// them to asynq afterwards.
type Outbox struct {
	base
	newID ids.Generator
}

func NewOutbox(db *bun.DB) *Outbox { return &Outbox{base: base{db}, newID: ids.NewULID} }

// Add queues a task on whatever transaction ctx carries.
func (r *Outbox) Add(ctx context.Context, taskType, queue string, payload any) error {
	raw, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = r.conn(ctx).NewInsert().Model(&domain.OutboxTask{
		ID:       r.newID(),
		TaskType: taskType,
		Payload:  raw,
		Queue:    queue,
	}).Exec(ctx)
	return err
}

// ClaimPending locks a page of unrelayed rows; call inside a transaction.
func (r *Outbox) ClaimPending(ctx context.Context, limit int) ([]domain.OutboxTask, error) {
	var out []domain.OutboxTask
	err := r.conn(ctx).NewSelect().Model(&out).
		Where("relayed_at IS NULL").
		OrderExpr("created_at").
		Limit(limit).
		For("UPDATE SKIP LOCKED").
		Scan(ctx)
	return out, err
}

func (r *Outbox) MarkRelayed(ctx context.Context, id string, at time.Time) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.OutboxTask)(nil)).
		Set("relayed_at = ?", at).
		Where("id = ?", id).
		Exec(ctx)
	return err
}

type Notifications struct{ base }

func NewNotifications(db *bun.DB) *Notifications { return &Notifications{base{db}} }

func (r *Notifications) Insert(ctx context.Context, n *domain.Notification) error {
	_, err := r.conn(ctx).NewInsert().Model(n).Exec(ctx)
	return err
}

func (r *Notifications) Get(ctx context.Context, id string) (*domain.Notification, error) {
	n := new(domain.Notification)
	err := r.conn(ctx).NewSelect().Model(n).Where("id = ?", id).Scan(ctx)
	return n, mapErr(err)
}

func (r *Notifications) MarkSent(ctx context.Context, id, providerID string) error {
	_, err := r.conn(ctx).NewUpdate().Model((*domain.Notification)(nil)).
		Set("status = 'sent'").
		Set("provider_id = ?", providerID).
		Set("sent_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

type Students struct{ base }

func NewStudents(db *bun.DB) *Students { return &Students{base{db}} }

func (r *Students) Get(ctx context.Context, id string) (*domain.Student, error) {
	s := new(domain.Student)
	err := r.conn(ctx).NewSelect().Model(s).Where("id = ?", id).Scan(ctx)
	return s, mapErr(err)
}

func (r *Students) ByStripeAccount(ctx context.Context, acct string) (*domain.Student, error) {
	s := new(domain.Student)
	err := r.conn(ctx).NewSelect().Model(s).Where("stripe_account_id = ?", acct).Scan(ctx)
	return s, mapErr(err)
}
