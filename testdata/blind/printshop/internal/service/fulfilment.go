package service

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/hibiken/asynq"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/provider/httpx"
	"github.com/inkloop/printshop/internal/provider/printfac"
	"github.com/inkloop/printshop/internal/queue/tasks"
	"github.com/inkloop/printshop/internal/repository"
)

type Fulfilment struct {
	db         *gorm.DB
	orders     repository.OrderRepository
	jobs       repository.PrintJobRepository
	facilities *printfac.Registry
	enqueue    tasks.Enqueuer
	log        *zap.Logger
}

func NewFulfilment(db *gorm.DB, orders repository.OrderRepository, jobs repository.PrintJobRepository,
	facilities *printfac.Registry, enqueue tasks.Enqueuer, log *zap.Logger) *Fulfilment {
	return &Fulfilment{db: db, orders: orders, jobs: jobs, facilities: facilities, enqueue: enqueue, log: log.Named("fulfilment")}
}

func recipientFrom(a model.Address) printfac.Recipient {
	return printfac.Recipient{
		Name: a.Name, Company: a.Company, Line1: a.Line1, Line2: a.Line2, City: a.City,
		Region: a.Region, PostalCode: a.PostalCode, Country: a.Country, Phone: a.Phone, Email: a.Email,
	}
}

func itemsFrom(items []model.OrderItem) []printfac.Item {
	out := make([]printfac.Item, 0, len(items))
	for _, it := range items {
		out = append(out, printfac.Item{SKU: it.SKU, Quantity: it.Quantity, ArtworkURL: it.ArtworkURL})
	}
	return out
}

// jobRequestFor builds the facility request for an order; extra options are
// applied after the order-derived ones.
func jobRequestFor(o *model.Order, extra ...printfac.JobOption) printfac.JobRequest {
	opts := []printfac.JobOption{
		printfac.WithOrderRef(o.ID),
		printfac.WithRecipient(recipientFrom(o.ShipTo)),
		printfac.WithItems(itemsFrom(o.Items)...),
	}
	return printfac.NewJobRequest(append(opts, extra...)...)
}

func isClientError(err error) bool {
	var se *httpx.StatusError
	return errors.As(err, &se) && se.Code >= 400 && se.Code < 500 && se.Code != http.StatusTooManyRequests
}

func queueLabelRequest(ctx context.Context, enq tasks.Enqueuer, jobID string) error {
	return tasks.EnqueueJSON(ctx, enq, tasks.TypeLabelRequest,
		tasks.LabelRequestPayload{PrintJobID: jobID},
		asynq.TaskID("label-request:"+jobID), tasks.Retention())
}

// SubmitJob sends a pending print job to its facility. Facilities collapse
// repeated submissions carrying the same dedup key, so the job id is used as
// the key.
func (s *Fulfilment) SubmitJob(ctx context.Context, jobID string) error {
	job, err := s.jobs.Get(ctx, jobID)
	if errors.Is(err, repository.ErrNotFound) {
		return fmt.Errorf("print job %s: %w", jobID, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}
	if job.Status != model.JobPending {
		return nil
	}
	order, err := s.orders.Get(ctx, job.OrderID)
	if err != nil {
		return err
	}
	if order.Status == model.OrderCancelled || order.Status == model.OrderRefunded {
		_, err := s.jobs.Transition(ctx, job.ID, []string{model.JobPending}, model.JobCancelled)
		return err
	}
	f, err := s.facilities.Get(job.Facility)
	if err != nil {
		return fmt.Errorf("%v: %w", err, asynq.SkipRetry)
	}

	req := jobRequestFor(order, printfac.WithDedupKey(job.ID))
	sub, err := f.Submit(ctx, req)
	if err != nil {
		if isClientError(err) {
			_, terr := s.jobs.Transition(ctx, job.ID, []string{model.JobPending}, model.JobRejected)
			return errors.Join(fmt.Errorf("facility rejected job %s: %v: %w", job.ID, err, asynq.SkipRetry), terr)
		}
		return err
	}
	if sub.Duplicate {
		s.log.Info("facility replayed submission", zap.String("job_id", job.ID), zap.String("facility", job.Facility))
	}
	if err := s.jobs.MarkSubmitted(ctx, job.ID, sub.FacilityJobID); err != nil {
		return err
	}
	_, err = s.orders.Transition(ctx, order.ID, []string{model.OrderCharged}, model.OrderInPrint)
	return err
}

func (s *Fulfilment) Resubmit(ctx context.Context, merchantID, orderID, token, reason string) (*model.PrintJob, error) {
	if token == "" {
		return nil, fmt.Errorf("%w: resubmission token is required", ErrInvalid)
	}
	order, err := s.orders.Get(ctx, orderID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if order.MerchantID != merchantID {
		return nil, ErrNotFound
	}
	switch order.Status {
	case model.OrderCancelled, model.OrderRefunded, model.OrderReceived, model.OrderPaymentDue:
		return nil, fmt.Errorf("%w: order is %s", ErrConflict, order.Status)
	}

	prior, err := s.jobs.ListByOrder(ctx, order.ID)
	if err != nil {
		return nil, err
	}
	if len(prior) == 0 {
		return nil, fmt.Errorf("%w: order has no print jobs", ErrConflict)
	}
	latest := prior[len(prior)-1]

	job := &model.PrintJob{
		ID:                model.NewPrintJobID(),
		OrderID:           order.ID,
		Facility:          latest.Facility,
		Status:            model.JobPending,
		Attempt:           latest.Attempt + 1,
		ResubmissionToken: &token,
		Reason:            reason,
	}
	inserted, err := s.jobs.InsertIfAbsent(ctx, job)
	if err != nil {
		return nil, err
	}
	if !inserted {
		if job, err = s.jobs.FindByToken(ctx, token); err != nil {
			return nil, err
		}
		if job.Status != model.JobPending {
			return job, nil
		}
	}

	f, err := s.facilities.Get(job.Facility)
	if err != nil {
		return nil, err
	}
	req := jobRequestFor(order, printfac.WithPriority("rush"), printfac.WithNotes("resubmission: "+reason))
	sub, err := f.Submit(ctx, req)
	if err != nil {
		return nil, fmt.Errorf("fulfilment: resubmit %s: %w", order.ID, err)
	}
	if err := s.jobs.MarkSubmitted(ctx, job.ID, sub.FacilityJobID); err != nil {
		return nil, err
	}
	return s.jobs.Get(ctx, job.ID)
}

func (s *Fulfilment) CancelJob(ctx context.Context, merchantID, jobID string) (*model.PrintJob, error) {
	job, err := s.jobs.Get(ctx, jobID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	order, err := s.orders.Get(ctx, job.OrderID)
	if err != nil {
		return nil, err
	}
	if order.MerchantID != merchantID {
		return nil, ErrNotFound
	}
	if job.Status == model.JobCancelled {
		return job, nil
	}
	if job.Terminal() {
		return nil, fmt.Errorf("%w: job is %s", ErrConflict, job.Status)
	}
	if job.FacilityJobID != nil {
		f, err := s.facilities.Get(job.Facility)
		if err != nil {
			return nil, err
		}
		if err := f.Cancel(ctx, *job.FacilityJobID); err != nil {
			return nil, fmt.Errorf("fulfilment: cancel at %s: %w", job.Facility, err)
		}
	}
	if _, err := s.jobs.Transition(ctx, job.ID,
		[]string{model.JobPending, model.JobSubmitted, model.JobPrinting, model.JobPrinted, model.JobLabelReq}, model.JobCancelled); err != nil {
		return nil, err
	}
	return s.jobs.Get(ctx, job.ID)
}

// Reconcile polls the facility for jobs whose callbacks may have been lost.
func (s *Fulfilment) Reconcile(ctx context.Context, facility string) (int, error) {
	f, err := s.facilities.Get(facility)
	if err != nil {
		return 0, err
	}
	open, err := s.jobs.ListOpen(ctx, facility, 200)
	if err != nil {
		return 0, err
	}
	changed := 0
	for _, j := range open {
		st, err := f.Status(ctx, *j.FacilityJobID)
		if err != nil {
			s.log.Warn("status poll failed", zap.String("job_id", j.ID), zap.Error(err))
			continue
		}
		if !model.Advances(j.Status, st.Status) {
			continue
		}
		moved, err := s.jobs.Transition(ctx, j.ID, []string{j.Status}, st.Status)
		if err != nil {
			return changed, err
		}
		if !moved {
			continue
		}
		changed++
		if st.Status == model.JobPrinted {
			if err := queueLabelRequest(ctx, s.enqueue, j.ID); err != nil {
				return changed, err
			}
		}
	}
	return changed, nil
}
