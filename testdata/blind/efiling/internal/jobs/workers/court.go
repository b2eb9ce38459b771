package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/docketly/efile/internal/jobs"
	"github.com/docketly/efile/internal/providers/gateway"
	"github.com/docketly/efile/internal/service"
	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/store/db"
)

// documentURLTTL must outlive the clerk's review queue: the gateway fetches
// documents again when the clerk opens the envelope.
const documentURLTTL = 14 * 24 * time.Hour

// SubmitFilingWorker transmits a queued filing to the court gateway.
type SubmitFilingWorker struct {
	river.WorkerDefaults[jobs.SubmitFilingArgs]
	store *store.Store
	gw    service.CourtGateway
	urls  service.DocumentURLs
	log   *slog.Logger
}

// NewSubmitFilingWorker returns the worker.
func NewSubmitFilingWorker(s *store.Store, gw service.CourtGateway, urls service.DocumentURLs, log *slog.Logger) *SubmitFilingWorker {
	return &SubmitFilingWorker{store: s, gw: gw, urls: urls, log: log}
}

// Timeout allows for the gateway's slow envelope intake.
func (w *SubmitFilingWorker) Timeout(*river.Job[jobs.SubmitFilingArgs]) time.Duration {
	return 3 * time.Minute
}

// Work implements river.Worker.
func (w *SubmitFilingWorker) Work(ctx context.Context, job *river.Job[jobs.SubmitFilingArgs]) error {
	f, err := w.store.GetFiling(ctx, job.Args.FilingID)
	if errors.Is(err, pgx.ErrNoRows) {
		return river.JobCancel(fmt.Errorf("filing %s not found", job.Args.FilingID))
	}
	if err != nil {
		return err
	}
	if f.Status != "queued" {
		w.log.InfoContext(ctx, "filing no longer queued", "filing", f.ID, "status", f.Status)
		return nil
	}

	req, err := w.buildRequest(ctx, f)
	if err != nil {
		return err
	}
	res, err := w.gw.Submit(ctx, req)
	if err != nil {
		var ge *gateway.Error
		if errors.As(err, &ge) && ge.Status >= 400 && ge.Status < 500 && ge.Status != 429 {
			return river.JobCancel(err)
		}
		return err
	}

	n, err := w.store.MarkFilingSubmitted(ctx, f.ID, res.EnvelopeID)
	if err != nil {
		return fmt.Errorf("record envelope %s: %w", res.EnvelopeID, err)
	}
	if n == 0 {
		w.log.WarnContext(ctx, "filing changed state during submission", "filing", f.ID, "envelope", res.EnvelopeID)
	}
	return nil
}

func (w *SubmitFilingWorker) buildRequest(ctx context.Context, f db.Filing) (gateway.SubmitRequest, error) {
	matter, err := w.store.GetMatter(ctx, f.MatterID)
	if err != nil {
		return gateway.SubmitRequest{}, err
	}
	atty, err := w.store.GetAttorney(ctx, f.AttorneyID)
	if err != nil {
		return gateway.SubmitRequest{}, err
	}
	docs, err := w.store.ListFilingDocuments(ctx, f.ID)
	if err != nil {
		return gateway.SubmitRequest{}, err
	}
	req := gateway.SubmitRequest{
		CourtCode:      f.CourtCode,
		CaseTitle:      matter.Title,
		FilingCode:     f.FilingCode,
		FilerBarNumber: atty.BarNumber,
		Description:    f.Description,
		FeeCents:       f.CourtFeeCents,
	}
	if matter.CaseNumber != nil {
		req.CaseNumber = *matter.CaseNumber
	}
	for i, d := range docs {
		req.Documents = append(req.Documents, gateway.Document{
			Title:     d.Title,
			URL:       w.urls.SignedURL(d.StorageKey, documentURLTTL),
			SHA256:    d.SHA256,
			PageCount: int(d.PageCount),
			Lead:      d.Lead || (i == 0 && !anyLead(docs)),
		})
	}
	return req, nil
}

func anyLead(docs []db.FilingDocument) bool {
	for _, d := range docs {
		if d.Lead {
			return true
		}
	}
	return false
}

// EServeFilingWorker serves an accepted filing electronically on every
// service contact of the matter, through the gateway.
type EServeFilingWorker struct {
	river.WorkerDefaults[jobs.EServeFilingArgs]
	store *store.Store
	gw    service.CourtGateway
	log   *slog.Logger
}

// NewEServeFilingWorker returns the worker.
func NewEServeFilingWorker(s *store.Store, gw service.CourtGateway, log *slog.Logger) *EServeFilingWorker {
	return &EServeFilingWorker{store: s, gw: gw, log: log}
}

// Work implements river.Worker.
func (w *EServeFilingWorker) Work(ctx context.Context, job *river.Job[jobs.EServeFilingArgs]) error {
	f, err := w.store.GetFiling(ctx, job.Args.FilingID)
	if err != nil {
		return err
	}
	if f.Status != "accepted" || f.EnvelopeID == nil {
		return river.JobCancel(fmt.Errorf("filing %s is %s; nothing to serve", f.ID, f.Status))
	}
	contacts, err := w.store.ListServiceContacts(ctx, f.MatterID)
	if err != nil {
		return err
	}
	if len(contacts) == 0 {
		w.log.InfoContext(ctx, "no service contacts on matter", "filing", f.ID, "matter", f.MatterID)
		return nil
	}

	req := gateway.EServiceRequest{ClientReference: "eservice/" + f.ID.String()}
	for _, c := range contacts {
		req.Recipients = append(req.Recipients, gateway.Recipient{Name: c.Name, Email: c.Email})
	}
	res, err := w.gw.EServe(ctx, *f.EnvelopeID, req)
	if err != nil {
		return err
	}

	for _, r := range res.Receipts {
		if err := w.store.InsertEServiceDelivery(ctx, db.InsertEServiceDeliveryParams{
			ID:               uuid.New(),
			FilingID:         f.ID,
			RecipientEmail:   r.Email,
			GatewayReceiptID: r.ReceiptID,
			ServedAt:         r.ServedAt,
		}); err != nil {
			return fmt.Errorf("record e-service on %s: %w", r.Email, err)
		}
	}
	return nil
}
