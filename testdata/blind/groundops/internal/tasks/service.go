// Package tasks handles the work items the ramp crew tick off on their
// tablets.
package tasks

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/models"
	"github.com/apronworks/groundops/internal/platform/database"
	"github.com/apronworks/groundops/internal/pricing"
)

var (
	ErrNotFound = errors.New("task not found")
	ErrBadEvent = errors.New("task event needs an event_id")
)

type CompleteInput struct {
	CrewMemberID string
	Quantity     float64
	UsedLitres   int
	DeviceID     string
}

type EventInput struct {
	EventID    string
	DeviceID   string
	Kind       string
	Note       string
	RecordedAt time.Time
}

// CompletionHook runs inside the completion transaction for tasks of one
// kind. Packages that own a kind of task (de-icing, fuel) register one.
type CompletionHook func(ctx context.Context, task *models.Task, in CompleteInput) error

// perTaskBilling lists service codes billed per completed task. Baggage
// and pushback are part of the handling package billed at off-block.
var perTaskBilling = map[string]bool{
	pricing.CodeCabinClean: true,
	pricing.CodeLavWater:   true,
	pricing.CodeDeiceType1: true,
	pricing.CodeDeiceType4: true,
}

type Service struct {
	uow         database.UnitOfWork
	tasks       *database.Repository[models.Task]
	events      *database.Repository[models.TaskEvent]
	turnarounds *database.Repository[models.Turnaround]
	lines       *database.Repository[models.ServiceLine]
	rates       pricing.RateBook
	hooks       map[string]CompletionHook
	now         func() time.Time
}

func NewService(db *gorm.DB, uow database.UnitOfWork, rates pricing.RateBook) *Service {
	return &Service{
		uow:         uow,
		tasks:       database.NewRepository[models.Task](db),
		events:      database.NewRepository[models.TaskEvent](db),
		turnarounds: database.NewRepository[models.Turnaround](db),
		lines:       database.NewRepository[models.ServiceLine](db),
		rates:       rates,
		hooks:       map[string]CompletionHook{},
		now:         func() time.Time { return time.Now().UTC() },
	}
}

// OnComplete registers a hook for a task kind.
func (s *Service) OnComplete(kind string, hook CompletionHook) {
	s.hooks[kind] = hook
}

// Complete marks a task done and bills it if it is billed per task.
func (s *Service) Complete(ctx context.Context, taskID string, in CompleteInput) (*models.Task, error) {
	var task *models.Task
	err := s.uow.Do(ctx, func(ctx context.Context) error {
		now := s.now()
		n, err := s.tasks.UpdateWhere(ctx,
			map[string]any{"status": models.TaskDone, "completed_at": now, "completed_by": in.CrewMemberID},
			"id = ? AND status = ?", taskID, models.TaskOpen)
		if err != nil {
			return err
		}
		task, err = s.tasks.Get(ctx, taskID)
		if err != nil {
			return err
		}
		if n == 0 {
			// Completed earlier (tablet resent the request): nothing to add.
			return nil
		}
		if perTaskBilling[task.ServiceCode] {
			if err := s.bill(ctx, task, in); err != nil {
				return err
			}
		}
		if hook, ok := s.hooks[task.Kind]; ok {
			return hook(ctx, task, in)
		}
		return nil
	})
	if errors.Is(err, database.ErrNotFound) {
		return nil, ErrNotFound
	}
	return task, err
}

func (s *Service) bill(ctx context.Context, task *models.Task, in CompleteInput) error {
	t, err := s.turnarounds.Get(ctx, task.TurnaroundID)
	if err != nil {
		return err
	}
	price, err := s.rates.UnitPrice(ctx, t.AirlineID, t.Station, task.ServiceCode, s.now())
	if err != nil {
		return err
	}
	qty := in.Quantity
	if qty <= 0 {
		qty = 1
	}
	return s.lines.Create(ctx, &models.ServiceLine{
		TurnaroundID:   t.ID,
		AirlineID:      t.AirlineID,
		ServiceCode:    task.ServiceCode,
		Quantity:       qty,
		UnitPriceCents: price,
		Source:         "task",
		SourceRef:      "task:" + task.ID,
		ServiceDate:    s.now().Truncate(24 * time.Hour),
	})
}

// RecordEvent stores a progress ping from a tablet. The tablet generates
// event_id when the ping is made, so a resend carries the same id.
func (s *Service) RecordEvent(ctx context.Context, taskID string, in EventInput) error {
	if in.EventID == "" {
		return ErrBadEvent
	}
	if _, err := s.tasks.Get(ctx, taskID); err != nil {
		if errors.Is(err, database.ErrNotFound) {
			return ErrNotFound
		}
		return err
	}
	_, err := s.events.CreateIfAbsent(ctx, &models.TaskEvent{
		Base:       models.Base{ID: in.EventID},
		TaskID:     taskID,
		DeviceID:   in.DeviceID,
		Kind:       in.Kind,
		Note:       in.Note,
		RecordedAt: in.RecordedAt,
	}, "id")
	return err
}
