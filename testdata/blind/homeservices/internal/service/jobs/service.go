// Package jobs implements the customer-facing job lifecycle.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/events"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/platform/queue"
	"github.com/tradeloop/homeservices/internal/provider/stripepay"
	"github.com/tradeloop/homeservices/internal/service/notify"
	"github.com/tradeloop/homeservices/internal/store"
)

// ProviderSet provides the jobs Service.
var ProviderSet = wire.NewSet(NewService)

// Service implements job posting, cancellation, completion and reviews.
type Service struct {
	uow      store.UnitOfWork
	repos    *store.Repos
	bus      events.Publisher
	queue    queue.Enqueuer
	payments stripepay.Gateway
	notifier notify.Notifier
	newID    ids.Generator
	now      func() time.Time
}

// NewService builds a Service.
func NewService(
	uow store.UnitOfWork,
	repos *store.Repos,
	bus events.Publisher,
	q queue.Enqueuer,
	payments stripepay.Gateway,
	notifier notify.Notifier,
	newID ids.Generator,
) *Service {
	return &Service{
		uow:      uow,
		repos:    repos,
		bus:      bus,
		queue:    q,
		payments: payments,
		notifier: notifier,
		newID:    newID,
		now:      time.Now,
	}
}

// PostJobInput is a new repair request.
type PostJobInput struct {
	CustomerID        string
	Trade             string
	Title             string
	Description       string
	Address           string
	Lat               float64
	Lng               float64
	Urgent            bool
	PreferredStart    time.Time
	WarrantyPolicyRef string
}

func (in PostJobInput) validate(now time.Time) error {
	var problems []string
	if !domain.Trades[in.Trade] {
		problems = append(problems, "unknown trade")
	}
	if strings.TrimSpace(in.Title) == "" {
		problems = append(problems, "title is required")
	}
	if strings.TrimSpace(in.Address) == "" {
		problems = append(problems, "address is required")
	}
	if in.Lat < -90 || in.Lat > 90 || in.Lng < -180 || in.Lng > 180 {
		problems = append(problems, "coordinates out of range")
	}
	if in.PreferredStart.Before(now) {
		problems = append(problems, "preferred start is in the past")
	}
	if len(problems) > 0 {
		return domain.Invalidf("%s", strings.Join(problems, "; "))
	}
	return nil
}

// PostJob creates a job and announces it to the dispatcher.
func (s *Service) PostJob(ctx context.Context, in PostJobInput) (*domain.Job, error) {
	now := s.now()
	if err := in.validate(now); err != nil {
		return nil, err
	}
	if _, err := s.repos.Customers.Get(ctx, in.CustomerID); err != nil {
		return nil, fmt.Errorf("jobs: customer %s: %w", in.CustomerID, err)
	}

	job := &domain.Job{
		ID:             s.newID(),
		CustomerID:     in.CustomerID,
		Trade:          in.Trade,
		Title:          strings.TrimSpace(in.Title),
		Description:    in.Description,
		Address:        in.Address,
		Lat:            in.Lat,
		Lng:            in.Lng,
		Urgent:         in.Urgent,
		PreferredStart: in.PreferredStart,
		Status:         domain.JobOpen,
		CreatedAt:      now,
		UpdatedAt:      now,
	}
	if in.WarrantyPolicyRef != "" {
		job.WarrantyPolicyRef = &in.WarrantyPolicyRef
	}
	if err := s.repos.Jobs.Create(ctx, job); err != nil {
		return nil, fmt.Errorf("jobs: create: %w", err)
	}

	evt := events.JobPosted{
		JobID:      job.ID,
		CustomerID: job.CustomerID,
		Trade:      job.Trade,
		Lat:        job.Lat,
		Lng:        job.Lng,
		Urgent:     job.Urgent,
		PostedAt:   now,
	}
	if err := s.bus.Publish(ctx, events.SubjectJobPosted, evt, events.WithMsgID("job-posted:"+job.ID)); err != nil {
		return nil, fmt.Errorf("jobs: announce %s: %w", job.ID, err)
	}
	return job, nil
}

// Cancel cancels a job and releases any deposit hold.
func (s *Service) Cancel(ctx context.Context, jobID, customerID, reason string) (*domain.Job, error) {
	var (
		job  *domain.Job
		hold *domain.PaymentHold
	)
	err := s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		j, err := tx.Jobs.GetForUpdate(ctx, jobID)
		if err != nil {
			return err
		}
		if j.CustomerID != customerID {
			return domain.ErrForbidden
		}
		if j.Status != domain.JobCancelled {
			if !j.Cancellable() {
				return domain.Conflictf("job %s is %s", jobID, j.Status)
			}
			if _, err := tx.Jobs.SetStatus(ctx, jobID, []domain.JobStatus{j.Status}, domain.JobCancelled); err != nil {
				return err
			}
			if j.AssignedTechnicianID != nil {
				if err := tx.Technicians.ReleaseSlot(ctx, *j.AssignedTechnicianID); err != nil {
					return err
				}
			}
			j.Status = domain.JobCancelled
		}
		job = j
		h, err := tx.Holds.ByJob(ctx, jobID)
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		hold = h
		return nil
	})
	if err != nil {
		return nil, err
	}

	if hold != nil && hold.PaymentIntentID != nil && hold.Status == domain.HoldAuthorized {
		err := s.payments.CancelHold(ctx, stripepay.CancelRequest{
			PaymentIntentID: *hold.PaymentIntentID,
			Reason:          "requested_by_customer",
			IdempotencyKey:  "cancel_" + hold.ID,
		})
		if err != nil {
			return nil, fmt.Errorf("jobs: release hold %s: %w", hold.ID, err)
		}
		if _, err := s.repos.Holds.SetStatus(ctx, hold.ID, []string{domain.HoldAuthorized}, domain.HoldReleased); err != nil {
			return nil, err
		}
	}

	s.publishStatus(ctx, job, string(domain.JobCancelled), reason)
	return job, nil
}

// Complete marks a job done from the customer's side and schedules the
// deposit capture.
func (s *Service) Complete(ctx context.Context, jobID, customerID string) (*domain.Job, error) {
	var (
		job  *domain.Job
		hold *domain.PaymentHold
	)
	now := s.now()
	err := s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		j, err := tx.Jobs.GetForUpdate(ctx, jobID)
		if err != nil {
			return err
		}
		if j.CustomerID != customerID {
			return domain.ErrForbidden
		}
		if j.Status != domain.JobCompleted {
			ok, err := tx.Jobs.MarkCompleted(ctx, jobID, now)
			if err != nil {
				return err
			}
			if !ok {
				return domain.Conflictf("job %s is %s", jobID, j.Status)
			}
		}
		if job, err = tx.Jobs.Get(ctx, jobID); err != nil {
			return err
		}
		hold, err = tx.Holds.ByJob(ctx, jobID)
		return err
	})
	if err != nil {
		return nil, err
	}

	task, err := queue.NewTask(queue.TypeCaptureDeposit, queue.CaptureDeposit{HoldID: hold.ID, JobID: jobID})
	if err != nil {
		return nil, err
	}
	if err := s.queue.Enqueue(ctx, task,
		queue.WithDedupKey("capture:"+hold.ID),
		queue.WithQueue(queue.QueueCritical),
		queue.WithRetention(7*24*time.Hour),
	); err != nil {
		return nil, err
	}

	evt := events.JobCompleted{JobID: jobID, QuoteID: hold.QuoteID, CompletedAt: *job.CompletedAt}
	if job.AssignedTechnicianID != nil {
		evt.TechnicianID = *job.AssignedTechnicianID
	}
	if err := s.bus.Publish(ctx, events.SubjectJobCompleted, evt, events.WithMsgID("job-completed:"+jobID)); err != nil {
		return nil, err
	}
	return job, nil
}

func (s *Service) publishStatus(ctx context.Context, job *domain.Job, status, note string) {
	evt := events.JobStatusChanged{
		EventID:    "svc:" + job.ID + ":" + status,
		JobID:      job.ID,
		Status:     status,
		OccurredAt: s.now(),
	}
	if job.AssignedTechnicianID != nil {
		evt.TechnicianID = *job.AssignedTechnicianID
	}
	if err := s.bus.Publish(ctx, events.JobStatusSubject(job.ID), evt, events.WithMsgID(evt.EventID)); err != nil {
		slog.WarnContext(ctx, "publish status failed", "job", job.ID, "status", status, "note", note, "err", err)
	}
}
