package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/docketly/efile/internal/jobs"
	"github.com/docketly/efile/internal/providers/processserver"
	"github.com/docketly/efile/internal/service"
	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/store/db"
	"github.com/docketly/efile/internal/store/repo"
)

// BookServiceWorker books a process server for a pending service request.
type BookServiceWorker struct {
	river.WorkerDefaults[jobs.BookServiceArgs]
	store   *store.Store
	servers service.ProcessServers
	urls    service.DocumentURLs
	log     *slog.Logger

	// newKey produces Idempotency-Key values; tests replace it.
	newKey func() string
}

// NewBookServiceWorker returns the worker.
func NewBookServiceWorker(s *store.Store, ps service.ProcessServers, urls service.DocumentURLs, log *slog.Logger) *BookServiceWorker {
	return &BookServiceWorker{store: s, servers: ps, urls: urls, log: log, newKey: uuid.NewString}
}

// Work implements river.Worker.
func (w *BookServiceWorker) Work(ctx context.Context, job *river.Job[jobs.BookServiceArgs]) error {
	sr, err := repo.Get[db.ServiceRequest](ctx, w.store.Pool, job.Args.ServiceRequestID)
	if errors.Is(err, repo.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if sr.Status != "pending" || sr.BookingID != nil {
		return nil
	}

	req, err := w.bookingRequest(ctx, sr)
	if err != nil {
		return err
	}
	booking, err := w.servers.CreateBooking(ctx, req, w.newKey())
	if err != nil {
		var apiErr *processserver.APIError
		if errors.As(err, &apiErr) && apiErr.Status == 422 {
			return river.JobCancel(err)
		}
		return err
	}

	n, err := w.store.SetServiceBooking(ctx, sr.ID, booking.ID)
	if err != nil {
		return fmt.Errorf("record booking %s: %w", booking.ID, err)
	}
	if n == 0 {
		w.log.WarnContext(ctx, "service request already had a booking", "request", sr.ID, "booking", booking.ID)
	}
	return nil
}

func (w *BookServiceWorker) bookingRequest(ctx context.Context, sr db.ServiceRequest) (processserver.BookingRequest, error) {
	f, err := w.store.GetFiling(ctx, sr.FilingID)
	if err != nil {
		return processserver.BookingRequest{}, err
	}
	docs, err := w.store.ListFilingDocuments(ctx, f.ID)
	if err != nil {
		return processserver.BookingRequest{}, err
	}
	req := processserver.BookingRequest{
		PartyName: sr.PartyName,
		Address: processserver.Address{
			Line1:      sr.AddressLine1,
			Line2:      sr.AddressLine2,
			City:       sr.City,
			Region:     sr.Region,
			PostalCode: sr.PostalCode,
		},
		CourtCode:    f.CourtCode,
		Instructions: sr.Instructions,
		Priority:     "standard",
		CallbackTag:  sr.ID.String(),
	}
	if sr.Rush {
		req.Priority = "rush"
	}
	if f.CaseNumber != nil {
		req.CaseNumber = *f.CaseNumber
	}
	for _, d := range docs {
		req.DocumentURLs = append(req.DocumentURLs, w.urls.SignedURL(d.StorageKey, 30*24*time.Hour))
	}
	return req, nil
}
