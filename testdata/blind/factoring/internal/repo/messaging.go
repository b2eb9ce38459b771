package repo

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/kestrelfin/factoring/internal/domain"
)

type NoticeRepository interface {
	CreateIfAbsent(ctx context.Context, n *domain.Notice) (*domain.Notice, error)
	Get(ctx context.Context, id uuid.UUID) (*domain.Notice, error)
	MarkSent(ctx context.Context, id uuid.UUID, providerRef string, at time.Time) error
}

type noticeRepo struct{ db *gorm.DB }

func (r *noticeRepo) CreateIfAbsent(ctx context.Context, n *domain.Notice) (*domain.Notice, error) {
	if _, err := insertIgnore(ctx, r.db, n, "invoice_id", "kind", "channel"); err != nil {
		return nil, err
	}
	return firstWhere[domain.Notice](ctx, r.db, "invoice_id = ? AND kind = ? AND channel = ?", n.InvoiceID, n.Kind, n.Channel)
}

func (r *noticeRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Notice, error) {
	return byID[domain.Notice](ctx, r.db, id)
}

func (r *noticeRepo) MarkSent(ctx context.Context, id uuid.UUID, providerRef string, at time.Time) error {
	_, err := updateWhere[domain.Notice](ctx, r.db,
		map[string]any{"status": domain.NoticeSent, "provider_ref": providerRef, "sent_at": at}, "id = ?", id)
	return err
}

type NotificationRepository interface {
	Claim(ctx context.Context, n *domain.Notification) (bool, error)
	Record(ctx context.Context, n *domain.Notification) error
	MarkSent(ctx context.Context, dedupKey, providerRef string) error
}

type notificationRepo struct{ db *gorm.DB }

// Claim stores n unless a notification with the same dedup key exists.
func (r *notificationRepo) Claim(ctx context.Context, n *domain.Notification) (bool, error) {
	return insertIgnore(ctx, r.db, n, "dedup_key")
}

// Record stores a notification that has already been handed to a provider.
func (r *notificationRepo) Record(ctx context.Context, n *domain.Notification) error {
	n.Status = "sent"
	_, err := insertIgnore(ctx, r.db, n, "dedup_key")
	return err
}

func (r *notificationRepo) MarkSent(ctx context.Context, dedupKey, providerRef string) error {
	_, err := updateWhere[domain.Notification](ctx, r.db,
		map[string]any{"status": "sent", "provider_ref": providerRef}, "dedup_key = ?", dedupKey)
	return err
}

type IdempotencyRepository interface {
	// Claim registers (scope, key). When the key already exists the stored
	// record is returned with claimed=false.
	Claim(ctx context.Context, scope, key, requestHash string) (claimed bool, existing *domain.IdempotencyKey, err error)
	Lookup(ctx context.Context, scope, key string) (*domain.IdempotencyKey, error)
	SaveResponse(ctx context.Context, scope, key, requestHash string, status int, body []byte) error
}

type idempotencyRepo struct{ db *gorm.DB }

func (r *idempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (bool, *domain.IdempotencyKey, error) {
	rec := &domain.IdempotencyKey{Scope: scope, Key: key, RequestHash: requestHash, CreatedAt: time.Now().UTC()}
	claimed, err := insertIgnore(ctx, r.db, rec, "scope", "key")
	if err != nil || claimed {
		return claimed, nil, err
	}
	existing, err := r.Lookup(ctx, scope, key)
	return false, existing, err
}

func (r *idempotencyRepo) Lookup(ctx context.Context, scope, key string) (*domain.IdempotencyKey, error) {
	return firstWhere[domain.IdempotencyKey](ctx, r.db, "scope = ? AND key = ?", scope, key)
}

func (r *idempotencyRepo) SaveResponse(ctx context.Context, scope, key, requestHash string, status int, body []byte) error {
	rec := &domain.IdempotencyKey{
		Scope: scope, Key: key, RequestHash: requestHash,
		StatusCode: status, ResponseBody: body, CreatedAt: time.Now().UTC(),
	}
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "scope"}, {Name: "key"}},
		DoUpdates: clause.AssignmentColumns([]string{"status_code", "response_body"}),
	}).Create(rec).Error
}

type ProcessedMessageRepository interface {
	Claim(ctx context.Context, consumer, messageID string) (bool, error)
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	Mark(ctx context.Context, consumer, messageID string) error
}

type processedRepo struct{ db *gorm.DB }

func (r *processedRepo) Claim(ctx context.Context, consumer, messageID string) (bool, error) {
	return insertIgnore(ctx, r.db, &domain.ProcessedMessage{
		Consumer: consumer, MessageID: messageID, ProcessedAt: time.Now().UTC(),
	}, "consumer", "message_id")
}

func (r *processedRepo) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&domain.ProcessedMessage{}).
		Where("consumer = ? AND message_id = ?", consumer, messageID).Count(&n).Error
	return n > 0, err
}

func (r *processedRepo) Mark(ctx context.Context, consumer, messageID string) error {
	_, err := r.Claim(ctx, consumer, messageID)
	return err
}

type OutboxRepository interface {
	Append(ctx context.Context, topic, aggregateID string, payload any) error
	AppendOnce(ctx context.Context, id uuid.UUID, topic, aggregateID string, payload any) (bool, error)
	ClaimUnpublished(ctx context.Context, limit int) ([]domain.OutboxEvent, error)
	MarkPublished(ctx context.Context, id uuid.UUID, at time.Time) error
}

type outboxRepo struct{ db *gorm.DB }

func (r *outboxRepo) Append(ctx context.Context, topic, aggregateID string, payload any) error {
	_, err := r.AppendOnce(ctx, uuid.New(), topic, aggregateID, payload)
	return err
}

// AppendOnce writes an outbox event with a caller-chosen ID; a second append
// with the same ID is a no-op.
func (r *outboxRepo) AppendOnce(ctx context.Context, id uuid.UUID, topic, aggregateID string, payload any) (bool, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return false, err
	}
	return insertIgnore(ctx, r.db, &domain.OutboxEvent{
		ID: id, Topic: topic, AggregateID: aggregateID, Payload: domain.JSON(body), CreatedAt: time.Now().UTC(),
	}, "id")
}

// ClaimUnpublished locks up to limit unpublished events. It must run inside a
// transaction; the locks are held until it ends.
func (r *outboxRepo) ClaimUnpublished(ctx context.Context, limit int) ([]domain.OutboxEvent, error) {
	var out []domain.OutboxEvent
	err := r.db.WithContext(ctx).
		Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("published_at IS NULL").Order("created_at").Limit(limit).Find(&out).Error
	return out, err
}

func (r *outboxRepo) MarkPublished(ctx context.Context, id uuid.UUID, at time.Time) error {
	_, err := updateWhere[domain.OutboxEvent](ctx, r.db, map[string]any{"published_at": at}, "id = ?", id)
	return err
}

type TaskRepository interface {
	Enqueue(ctx context.Context, kind, dedupKey string, payload any, runAfter time.Time) (bool, error)
	ClaimReady(ctx context.Context, workerID string, limit int) ([]domain.Task, error)
	Complete(ctx context.Context, id int64) error
	Fail(ctx context.Context, id int64, cause string, retryAt time.Time, dead bool) error
	RequeueStale(ctx context.Context, lockedBefore time.Time) (int64, error)
}

type taskRepo struct{ db *gorm.DB }

func (r *taskRepo) Enqueue(ctx context.Context, kind, dedupKey string, payload any, runAfter time.Time) (bool, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return false, err
	}
	now := time.Now().UTC()
	if runAfter.IsZero() {
		runAfter = now
	}
	return insertIgnore(ctx, r.db, &domain.Task{
		Kind: kind, DedupKey: dedupKey, Payload: domain.JSON(body),
		Status: domain.TaskQueued, RunAfter: runAfter, CreatedAt: now, UpdatedAt: now,
	}, "kind", "dedup_key")
}

// ClaimReady leases up to limit queued tasks to workerID.
func (r *taskRepo) ClaimReady(ctx context.Context, workerID string, limit int) ([]domain.Task, error) {
	var claimed []domain.Task
	err := r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var ready []domain.Task
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ? AND run_after <= ?", domain.TaskQueued, time.Now().UTC()).
			Order("run_after, id").Limit(limit).Find(&ready).Error; err != nil {
			return err
		}
		if len(ready) == 0 {
			return nil
		}
		ids := make([]int64, len(ready))
		for i, t := range ready {
			ids[i] = t.ID
		}
		now := time.Now().UTC()
		if err := tx.Model(&domain.Task{}).Where("id IN ?", ids).Updates(map[string]any{
			"status":     domain.TaskRunning,
			"locked_by":  workerID,
			"locked_at":  now,
			"attempts":   gorm.Expr("attempts + 1"),
			"updated_at": now,
		}).Error; err != nil {
			return err
		}
		return tx.Where("id IN ?", ids).Order("id").Find(&claimed).Error
	})
	return claimed, err
}

func (r *taskRepo) Complete(ctx context.Context, id int64) error {
	_, err := updateWhere[domain.Task](ctx, r.db, map[string]any{
		"status": domain.TaskDone, "locked_by": nil, "updated_at": time.Now().UTC(),
	}, "id = ?", id)
	return err
}

func (r *taskRepo) Fail(ctx context.Context, id int64, cause string, retryAt time.Time, dead bool) error {
	status := domain.TaskQueued
	if dead {
		status = domain.TaskDead
	}
	_, err := updateWhere[domain.Task](ctx, r.db, map[string]any{
		"status": status, "last_error": cause, "run_after": retryAt,
		"locked_by": nil, "updated_at": time.Now().UTC(),
	}, "id = ?", id)
	return err
}

// RequeueStale puts tasks whose lease is older than lockedBefore back in the
// queue; their worker is presumed dead.
func (r *taskRepo) RequeueStale(ctx context.Context, lockedBefore time.Time) (int64, error) {
	return updateWhere[domain.Task](ctx, r.db, map[string]any{
		"status": domain.TaskQueued, "locked_by": nil, "run_after": time.Now().UTC(),
		"last_error": "lease expired", "updated_at": time.Now().UTC(),
	}, "status = ? AND locked_at < ?", domain.TaskRunning, lockedBefore)
}
