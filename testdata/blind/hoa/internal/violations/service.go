// Package violations handles covenant violations recorded by the community
// manager and the fines the board assesses for them.
package violations

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/ledger"
	"github.com/larchway/hoaops/internal/platform/apperr"
	"github.com/larchway/hoaops/internal/tasks"
)

// Violation is a recorded covenant violation.
type Violation struct {
	ID          uuid.UUID  `db:"id" json:"id"`
	AccountID   uuid.UUID  `db:"account_id" json:"account_id"`
	Category    string     `db:"category" json:"category"`
	Description string     `db:"description" json:"description"`
	Status      string     `db:"status" json:"status"`
	FineCents   int64      `db:"fine_cents" json:"fine_cents"`
	FinedBy     *string    `db:"fined_by" json:"fined_by,omitempty"`
	FinedAt     *time.Time `db:"fined_at" json:"fined_at,omitempty"`
	ObservedAt  time.Time  `db:"observed_at" json:"observed_at"`
}

// FineRequest is the board's fine decision.
type FineRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
	Actor       string `json:"-"`
}

// ErrNotFineable is returned when the violation is not open or noticed.
var ErrNotFineable = fmt.Errorf("%w: violation cannot be fined in its current status", apperr.ErrConflict)

// Store persists violations.
type Store interface {
	Get(ctx context.Context, id uuid.UUID) (Violation, error)
	MarkFined(ctx context.Context, id uuid.UUID, amountCents int64, actor string) (bool, error)
}

// Publisher publishes integration events.
type Publisher interface {
	Publish(ctx context.Context, topic string, payload any, opts ...events.Option) error
}

// Enqueuer schedules background tasks.
type Enqueuer interface {
	Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// Service is the violations use-case surface.
type Service interface {
	AssessFine(ctx context.Context, id uuid.UUID, req FineRequest) (Violation, error)
}

type service struct {
	store  Store
	ledger ledger.Writer
	pub    Publisher
	tasks  Enqueuer
	log    *slog.Logger
}

// New builds the violations service.
func New(store Store, lw ledger.Writer, pub Publisher, enq Enqueuer, log *slog.Logger) Service {
	return &service{store: store, ledger: lw, pub: pub, tasks: enq, log: log.With("component", "violations")}
}

// AssessFine moves the violation to "fined", posts the fine to the owner's
// ledger, notifies the owner and queues card autopay for the fine.
func (s *service) AssessFine(ctx context.Context, id uuid.UUID, req FineRequest) (Violation, error) {
	if req.AmountCents <= 0 {
		return Violation{}, apperr.Invalidf("amount_cents must be positive")
	}
	v, err := s.store.Get(ctx, id)
	if err != nil {
		return Violation{}, err
	}

	ok, err := s.store.MarkFined(ctx, id, req.AmountCents, req.Actor)
	if err != nil {
		return Violation{}, err
	}
	if !ok {
		return Violation{}, ErrNotFineable
	}

	memo := "Violation fine: " + v.Category
	if req.Reason != "" {
		memo += " (" + req.Reason + ")"
	}
	if err := s.ledger.Insert(ctx, ledger.Entry{
		ID:          uuid.New(),
		AccountID:   v.AccountID,
		Kind:        ledger.KindFine,
		AmountCents: req.AmountCents,
		Memo:        memo,
		SourceRef:   ledger.Ref("violation:" + id.String()),
		CreatedBy:   req.Actor,
	}); err != nil {
		return Violation{}, fmt.Errorf("post fine to ledger: %w", err)
	}

	if err := s.pub.Publish(ctx, events.TopicNoticeRequested, events.NoticeRequested{
		SourceKey: "fine:" + id.String(),
		AccountID: v.AccountID,
		Template:  "violation_fine",
		Channels:  []string{"email"},
		Data: map[string]string{
			"category": v.Category,
			"amount":   fmt.Sprintf("%.2f", float64(req.AmountCents)/100),
		},
	}); err != nil {
		return Violation{}, err
	}

	if _, err := s.tasks.Enqueue(ctx, tasks.TypeFineCollect,
		tasks.FinePayload{ViolationID: id},
		asynq.TaskID("fine-collect:"+id.String()),
		asynq.Queue(tasks.QueuePayments),
		asynq.ProcessIn(24*time.Hour),
	); err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
		return Violation{}, err
	}

	return s.store.Get(ctx, id)
}
