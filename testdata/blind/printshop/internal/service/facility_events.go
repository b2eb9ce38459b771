package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/hibiken/asynq"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/queue/tasks"
	"github.com/inkloop/printshop/internal/repository"
)

// followUp is work that must run after the transaction that scheduled it
// has committed.
type followUp func(ctx context.Context) error

type FacilityEvents struct {
	db      *gorm.DB
	jobs    repository.PrintJobRepository
	orders  repository.OrderRepository
	inbound repository.InboundRepository
	notify  NotificationService
	enqueue tasks.Enqueuer
	log     *zap.Logger
}

func NewFacilityEvents(db *gorm.DB, jobs repository.PrintJobRepository, orders repository.OrderRepository,
	inbound repository.InboundRepository, notify NotificationService, enqueue tasks.Enqueuer, log *zap.Logger) *FacilityEvents {
	return &FacilityEvents{db: db, jobs: jobs, orders: orders, inbound: inbound, notify: notify, enqueue: enqueue, log: log.Named("facility_events")}
}

func (s *FacilityEvents) runFollowUps(ctx context.Context, fus []followUp) error {
	var errs []error
	for _, fu := range fus {
		if err := fu(ctx); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// apply moves the job according to evt and books the facility's cost.
func (s *FacilityEvents) apply(ctx context.Context, tx *gorm.DB, facility string, job *model.PrintJob, evt FacilityStatusEvent) ([]followUp, error) {
	jobs := s.jobs.WithTx(tx)
	var fus []followUp

	switch evt.Status {
	case model.JobPrinting:
		if _, err := jobs.Transition(ctx, job.ID, []string{model.JobSubmitted}, model.JobPrinting); err != nil {
			return nil, err
		}
	case model.JobPrinted:
		moved, err := jobs.Transition(ctx, job.ID, []string{model.JobSubmitted, model.JobPrinting}, model.JobPrinted)
		if err != nil {
			return nil, err
		}
		if moved {
			jobID := job.ID
			fus = append(fus, func(ctx context.Context) error { return queueLabelRequest(ctx, s.enqueue, jobID) })
		}
	case model.JobShipped:
		if _, err := jobs.Transition(ctx, job.ID,
			[]string{model.JobSubmitted, model.JobPrinting, model.JobPrinted, model.JobLabelReq}, model.JobShipped); err != nil {
			return nil, err
		}
	case model.JobRejected:
		moved, err := jobs.Transition(ctx, job.ID,
			[]string{model.JobPending, model.JobSubmitted, model.JobPrinting}, model.JobRejected)
		if err != nil {
			return nil, err
		}
		if moved {
			order, err := s.orders.WithTx(tx).Get(ctx, job.OrderID)
			if err != nil {
				return nil, err
			}
			ids, err := s.notify.Emit(ctx, tx, order.MerchantID, model.EventJobRejected,
				map[string]any{"order_id": order.ID, "print_job_id": job.ID, "facility": facility}, job.ID)
			if err != nil {
				return nil, err
			}
			fus = append(fus, func(ctx context.Context) error { return s.notify.Dispatch(ctx, ids) })
		}
	case model.JobCancelled:
		if _, err := jobs.Transition(ctx, job.ID,
			[]string{model.JobPending, model.JobSubmitted, model.JobPrinting, model.JobPrinted, model.JobLabelReq}, model.JobCancelled); err != nil {
			return nil, err
		}
	default:
		s.log.Debug("ignoring facility status", zap.String("facility", facility), zap.String("status", evt.Status))
	}

	if evt.CostCents > 0 {
		if err := jobs.InsertPayable(ctx, &model.FacilityPayable{
			Facility:    facility,
			PrintJobID:  job.ID,
			AmountCents: evt.CostCents,
		}); err != nil {
			return nil, err
		}
	}
	return fus, nil
}

func (s *FacilityEvents) lookupJob(ctx context.Context, tx *gorm.DB, facility, facilityJobID string) (*model.PrintJob, error) {
	job, err := s.jobs.WithTx(tx).GetByFacilityJobID(ctx, facility, facilityJobID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil, fmt.Errorf("%w: %s job %s", ErrNotFound, facility, facilityJobID)
	}
	return job, err
}

// ApplyEvent applies a single facility event exactly once per event id.
func (s *FacilityEvents) ApplyEvent(ctx context.Context, facility string, evt FacilityStatusEvent) (bool, error) {
	var (
		applied bool
		fus     []followUp
	)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		job, err := s.lookupJob(ctx, tx, facility, evt.FacilityJobID)
		if err != nil {
			return err
		}
		claimed, err := s.inbound.WithTx(tx).ClaimFacilityEvent(ctx, &model.FacilityEvent{
			Facility:   facility,
			EventID:    evt.EventID,
			PrintJobID: &job.ID,
			Status:     evt.Status,
			Payload:    evt.Raw,
		})
		if err != nil {
			return err
		}
		if !claimed {
			// Redelivery: re-drive the follow-up in case the first delivery
			// committed but died before queueing it. The task id collapses it
			// otherwise.
			if job.Status == model.JobPrinted {
				jobID := job.ID
				fus = append(fus, func(ctx context.Context) error { return queueLabelRequest(ctx, s.enqueue, jobID) })
			}
			return nil
		}
		fus, err = s.apply(ctx, tx, facility, job, evt)
		applied = err == nil
		return err
	})
	if err != nil {
		return false, err
	}
	return applied, s.runFollowUps(ctx, fus)
}

// ApplyBatch applies a facility callback that bundles several events under a
// batch id.
func (s *FacilityEvents) ApplyBatch(ctx context.Context, facility, batchID string, evts []FacilityStatusEvent) (int, error) {
	seen, err := s.inbound.BatchSeen(ctx, facility, batchID)
	if err != nil {
		return 0, err
	}
	if seen {
		return 0, nil
	}
	applied := 0
	for _, evt := range evts {
		var fus []followUp
		err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			job, err := s.lookupJob(ctx, tx, facility, evt.FacilityJobID)
			if err != nil {
				return err
			}
			fus, err = s.apply(ctx, tx, facility, job, evt)
			return err
		})
		if errors.Is(err, ErrNotFound) {
			s.log.Warn("batch event for unknown job", zap.String("batch_id", batchID), zap.String("facility_job_id", evt.FacilityJobID))
			continue
		}
		if err != nil {
			return applied, err
		}
		if err := s.runFollowUps(ctx, fus); err != nil {
			return applied, err
		}
		applied++
	}
	if err := s.inbound.RecordBatch(ctx, &model.FacilityBatch{Facility: facility, BatchID: batchID, EventCount: len(evts)}); err != nil {
		return applied, err
	}
	return applied, nil
}

// ReportDefect marks a job defective and schedules a reprint at the same
// facility.
func (s *FacilityEvents) ReportDefect(ctx context.Context, facility, facilityJobID, note string) (*model.PrintJob, error) {
	job, err := s.lookupJob(ctx, s.db, facility, facilityJobID)
	if err != nil {
		return nil, err
	}
	if job.Status == model.JobCancelled {
		return nil, nil
	}
	reprint := &model.PrintJob{
		ID:        model.NewPrintJobID(),
		OrderID:   job.OrderID,
		Facility:  job.Facility,
		Status:    model.JobPending,
		Attempt:   job.Attempt + 1,
		ReprintOf: &job.ID,
		Reason:    "defect: " + note,
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if _, err := s.jobs.WithTx(tx).Transition(ctx, job.ID,
			[]string{model.JobSubmitted, model.JobPrinting, model.JobPrinted, model.JobDefective}, model.JobDefective); err != nil {
			return err
		}
		return s.jobs.WithTx(tx).Create(ctx, reprint)
	})
	if err != nil {
		return nil, err
	}
	err = tasks.EnqueueJSON(ctx, s.enqueue, tasks.TypePrintSubmit,
		tasks.PrintSubmitPayload{PrintJobID: reprint.ID},
		asynq.TaskID("submit:"+reprint.ID), asynq.Queue(tasks.QueueCritical))
	return reprint, err
}
