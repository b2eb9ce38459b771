package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/domain"
	"github.com/quillsign/esign/internal/jobs/jobargs"
	"github.com/quillsign/esign/internal/platform/httpx"
	"github.com/quillsign/esign/internal/platform/ids"
	"github.com/quillsign/esign/internal/store"
	"github.com/quillsign/esign/internal/store/queries"
)

const eventEnvelopeCompleted = "envelope.completed"

// DeliverWorker POSTs a completed envelope to one customer endpoint.
type DeliverWorker struct {
	river.WorkerDefaults[jobargs.DeliverDocument]

	db     app.Database
	poster app.WebhookPoster
	now    app.Clock
	log    *slog.Logger
}

// NewDeliverWorker returns a DeliverWorker.
func NewDeliverWorker(db app.Database, poster app.WebhookPoster, now app.Clock, log *slog.Logger) *DeliverWorker {
	return &DeliverWorker{db: db, poster: poster, now: now, log: log}
}

// Timeout bounds one POST plus bookkeeping.
func (w *DeliverWorker) Timeout(*river.Job[jobargs.DeliverDocument]) time.Duration {
	return 45 * time.Second
}

type deliveryPayload struct {
	Event      string           `json:"event"`
	DeliveryID string           `json:"delivery_id"`
	Envelope   deliveryEnvelope `json:"envelope"`
}

type deliveryEnvelope struct {
	ID             string           `json:"id"`
	Subject        string           `json:"subject"`
	DocumentURL    string           `json:"document_url"`
	DocumentSHA256 string           `json:"document_sha256"`
	CompletedAt    *time.Time       `json:"completed_at"`
	Signers        []deliverySigner `json:"signers"`
}

type deliverySigner struct {
	Name     string     `json:"name"`
	Email    string     `json:"email"`
	SignedAt *time.Time `json:"signed_at"`
}

func (w *DeliverWorker) Work(ctx context.Context, job *river.Job[jobargs.DeliverDocument]) error {
	d, err := queries.GetDelivery(ctx, w.db, job.Args.DeliveryID)
	if errors.Is(err, queries.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if d.Status != domain.DeliveryPending {
		return nil
	}
	ep, err := queries.GetEndpoint(ctx, w.db, d.EndpointID)
	if err != nil {
		return err
	}
	if !ep.Active {
		return queries.MarkDeliveryDone(ctx, w.db, d.ID, domain.DeliveryFailed, w.now())
	}
	body, err := w.payload(ctx, d)
	if err != nil {
		return err
	}

	start := time.Now()
	code, postErr := w.poster.Post(ctx, app.WebhookRequest{
		URL:        ep.URL,
		Secret:     ep.Secret,
		DeliveryID: d.ID,
		Event:      eventEnvelopeCompleted,
		Body:       body,
	})
	w.recordAttempt(ctx, d.ID, code, postErr, time.Since(start))

	if postErr != nil {
		var se *httpx.StatusError
		if errors.As(postErr, &se) && se.StatusCode == 410 {
			// The customer told us the endpoint is gone.
			return queries.MarkDeliveryDone(ctx, w.db, d.ID, domain.DeliveryFailed, w.now())
		}
		if job.Attempt >= job.MaxAttempts {
			if err := queries.MarkDeliveryDone(ctx, w.db, d.ID, domain.DeliveryFailed, w.now()); err != nil {
				w.log.ErrorContext(ctx, "mark delivery failed", "delivery_id", d.ID, "err", err)
			}
		}
		return fmt.Errorf("deliver %s: %w", d.ID, postErr)
	}
	return queries.MarkDeliveryDone(ctx, w.db, d.ID, domain.DeliveryDelivered, w.now())
}

func (w *DeliverWorker) payload(ctx context.Context, d domain.Delivery) ([]byte, error) {
	env, err := queries.GetEnvelopeByID(ctx, w.db, d.EnvelopeID)
	if err != nil {
		return nil, err
	}
	signers, err := queries.ListSigners(ctx, w.db, env.ID)
	if err != nil {
		return nil, err
	}
	p := deliveryPayload{
		Event:      eventEnvelopeCompleted,
		DeliveryID: d.ID,
		Envelope: deliveryEnvelope{
			ID:             env.ID,
			Subject:        env.Subject,
			DocumentURL:    env.DocumentURL,
			DocumentSHA256: env.DocumentSHA256,
			CompletedAt:    env.CompletedAt,
		},
	}
	for _, s := range signers {
		p.Envelope.Signers = append(p.Envelope.Signers, deliverySigner{Name: s.Name, Email: s.Email, SignedAt: s.SignedAt})
	}
	return json.Marshal(p)
}

// recordAttempt writes one row per POST for the delivery log shown in the
// dashboard. It is best effort: a failure here must not trigger a redelivery.
func (w *DeliverWorker) recordAttempt(ctx context.Context, deliveryID string, code int, postErr error, took time.Duration) {
	a := domain.DeliveryAttempt{
		ID:          ids.New(),
		DeliveryID:  deliveryID,
		DurationMS:  int(took.Milliseconds()),
		AttemptedAt: w.now(),
	}
	if code != 0 {
		a.StatusCode = &code
	}
	if postErr != nil {
		msg := postErr.Error()
		a.Error = &msg
	}
	if _, err := store.Insert(ctx, w.db, a); err != nil {
		w.log.WarnContext(ctx, "delivery attempt not recorded", "delivery_id", deliveryID, "err", err)
	}
	if err := queries.BumpDeliveryAttempts(ctx, w.db, deliveryID); err != nil {
		w.log.WarnContext(ctx, "delivery attempt count not updated", "delivery_id", deliveryID, "err", err)
	}
}
