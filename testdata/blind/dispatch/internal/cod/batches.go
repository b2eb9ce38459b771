package cod

import (
	"context"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
	"go.uber.org/zap"

	"github.com/quaymile/dispatch/internal/platform/database"
	"github.com/quaymile/dispatch/internal/platform/taskqueue"
)

// TaskOpenHubBatch opens the day's cash batch at a hub. It is enqueued by the
// hub tablet backend when the first shift of the day signs in.
const TaskOpenHubBatch = "cod:open_batch"

// OpenHubBatchPayload is the payload of TaskOpenHubBatch.
type OpenHubBatchPayload struct {
	HubID        string `json:"hub_id"`
	BusinessDate string `json:"business_date"`
	FloatCents   int64  `json:"float_cents"`
	OpenedBy     string `json:"opened_by"`
}

// HubBatchRepo persists hub cash batches.
type HubBatchRepo struct {
	db database.Execer
}

// NewHubBatchRepo builds a HubBatchRepo.
func NewHubBatchRepo(db *sqlx.DB) *HubBatchRepo { return &HubBatchRepo{db: db} }

// Insert creates the batch row for (hub, business date).
func (r *HubBatchRepo) Insert(ctx context.Context, p OpenHubBatchPayload, openedAt time.Time) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO cod_hub_batches (hub_id, business_date, float_cents, status, opened_by, opened_at)
		VALUES ($1, $2, $3, 'open', $4, $5)`,
		p.HubID, p.BusinessDate, p.FloatCents, p.OpenedBy, openedAt)
	return err
}

// BatchTasks holds the COD task handlers.
type BatchTasks struct {
	repo *HubBatchRepo
	log  *zap.Logger
}

// NewBatchTasks builds BatchTasks.
func NewBatchTasks(repo *HubBatchRepo, log *zap.Logger) *BatchTasks {
	return &BatchTasks{repo: repo, log: log}
}

// Table returns the handler table.
func (t *BatchTasks) Table() taskqueue.Table {
	return taskqueue.Table{{Type: TaskOpenHubBatch, Handler: t.HandleOpenHubBatch}}
}

// HandleOpenHubBatch opens a hub's daily batch.
func (t *BatchTasks) HandleOpenHubBatch(ctx context.Context, task *asynq.Task) error {
	p, err := taskqueue.Decode[OpenHubBatchPayload](task)
	if err != nil {
		return err
	}
	if _, err := time.Parse("2006-01-02", p.BusinessDate); err != nil {
		return fmt.Errorf("bad business date %q: %w", p.BusinessDate, asynq.SkipRetry)
	}
	if err := t.repo.Insert(ctx, p, time.Now().UTC()); err != nil {
		return fmt.Errorf("open batch %s/%s: %w", p.HubID, p.BusinessDate, err)
	}
	t.log.Info("hub batch opened", zap.String("hub_id", p.HubID), zap.String("date", p.BusinessDate), zap.Int64("float_cents", p.FloatCents))
	return nil
}
