// Package tasks declares the background task types processed by the
// worker, their payloads, and helpers to enqueue them.
package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/platform/ids"
)

// Task types.
const (
	TypeUsageIngest        = "usage:ingest"
	TypeRoyaltiesCompute   = "royalties:compute"
	TypeRoyaltiesAllocate  = "royalties:allocate"
	TypeRecoupmentApply    = "recoupment:apply"
	TypeStatementsGenerate = "statements:generate"
	TypeStatementEmail     = "statements:email"
	TypePayoutSubmit       = "payouts:submit"
	TypePayoutCycle        = "payouts:cycle"
	TypePayoutReconcile    = "payouts:reconcile"
	TypeAdvanceDisburse    = "advances:disburse"
	TypeTaxFormReminders   = "taxforms:remind"
)

// Queue names.
const (
	QueueCritical = "critical"
	QueueDefault  = "default"
	QueueLow      = "low"
)

// Payloads.
type (
	UsageIngestPayload struct {
		ReportID string `json:"report_id"`
	}
	RoyaltiesComputePayload struct {
		ReleaseID string `json:"release_id"`
		Period    string `json:"period"`
	}
	RoyaltiesAllocatePayload struct {
		ReleaseID string `json:"release_id"`
		Period    string `json:"period"`
	}
	RecoupmentApplyPayload struct {
		ArtistID     string `json:"artist_id"`
		AllocationID string `json:"allocation_id"`
		Period       string `json:"period"`
		AmountMicros int64  `json:"amount_micros"`
	}
	PeriodPayload struct {
		Period string `json:"period,omitempty"`
	}
	StatementEmailPayload struct {
		StatementID string `json:"statement_id"`
	}
	PayoutSubmitPayload struct {
		PayoutID string `json:"payout_id"`
	}
	AdvanceDisbursePayload struct {
		AdvanceID string `json:"advance_id"`
	}
	TaxFormRemindersPayload struct {
		TaxYear int `json:"tax_year,omitempty"`
	}
	EmptyPayload struct{}
)

// Enqueuer is the part of *asynq.Client the services use.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// ProviderSet wires the asynq client.
var ProviderSet = wire.NewSet(RedisOpt, NewClient, wire.Bind(new(Enqueuer), new(*asynq.Client)))

// RedisOpt builds the redis connection options from config.
func RedisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr, DB: cfg.RedisDB}
}

// NewClient opens an asynq client.
func NewClient(opt asynq.RedisClientOpt) (*asynq.Client, func()) {
	c := asynq.NewClient(opt)
	return c, func() { _ = c.Close() }
}

// Enqueue encodes payload and enqueues a task of type typ. A task ID that
// is already taken means the work is already queued and is not an error.
func Enqueue[T any](ctx context.Context, q Enqueuer, typ string, payload T, opts ...asynq.Option) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("tasks: encode %s: %w", typ, err)
	}
	_, err = q.EnqueueContext(ctx, asynq.NewTask(typ, body), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	return err
}

// Once returns options that make the task unique under id for a few days
// after it completes.
func Once(id string) []asynq.Option {
	return []asynq.Option{asynq.TaskID(id), asynq.Retention(72 * time.Hour)}
}

// Tracked returns options for a task that should show up in the dashboard
// under a readable, unique ID.
func Tracked(prefix string) []asynq.Option {
	return []asynq.Option{asynq.TaskID(prefix + "-" + ids.NewXID()), asynq.Retention(24 * time.Hour)}
}

// Handle decodes a task payload and passes it to fn.
func Handle[T any](fn func(ctx context.Context, p T) error) asynq.HandlerFunc {
	return func(ctx context.Context, t *asynq.Task) error {
		var p T
		if len(t.Payload()) > 0 {
			if err := json.Unmarshal(t.Payload(), &p); err != nil {
				return fmt.Errorf("%w: %s: %v", asynq.SkipRetry, t.Type(), err)
			}
		}
		return fn(ctx, p)
	}
}

// PreviousPeriod returns the YYYY-MM period before now.
func PreviousPeriod(now time.Time) string {
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	return first.AddDate(0, -1, 0).Format("2006-01")
}
