package jobs

import (
	"context"
	"fmt"
	"strings"

	"github.com/riverqueue/river"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/domain"
	"github.com/quillsign/esign/internal/jobs/jobargs"
	"github.com/quillsign/esign/internal/platform/ids"
	"github.com/quillsign/esign/internal/store"
	"github.com/quillsign/esign/internal/store/queries"
)

// CompletedWorker runs once an envelope has every signature: it e-mails the
// sender and the signers and schedules a delivery to each of the account's
// webhook endpoints.
type CompletedWorker struct {
	river.WorkerDefaults[jobargs.EnvelopeCompleted]

	db     app.Database
	queue  app.JobQueue
	mailer app.Mailer
	links  Links
	now    app.Clock
}

// NewCompletedWorker returns a CompletedWorker.
func NewCompletedWorker(db app.Database, queue app.JobQueue, mailer app.Mailer, links Links, now app.Clock) *CompletedWorker {
	return &CompletedWorker{db: db, queue: queue, mailer: mailer, links: links, now: now}
}

func (w *CompletedWorker) Work(ctx context.Context, job *river.Job[jobargs.EnvelopeCompleted]) error {
	env, err := queries.GetEnvelopeByID(ctx, w.db, job.Args.EnvelopeID)
	if err != nil {
		return err
	}
	if env.Status != domain.EnvelopeCompleted {
		return nil
	}
	signers, err := queries.ListSigners(ctx, w.db, env.ID)
	if err != nil {
		return err
	}

	if err := w.notify(ctx, env, signers); err != nil {
		return err
	}

	endpoints, err := queries.ListActiveEndpoints(ctx, w.db, env.AccountID)
	if err != nil {
		return err
	}
	for _, ep := range endpoints {
		d := domain.Delivery{
			ID:         ids.Prefixed(ids.Delivery),
			EnvelopeID: env.ID,
			EndpointID: ep.ID,
			Status:     domain.DeliveryPending,
			CreatedAt:  w.now(),
		}
		if _, err := store.Insert(ctx, w.db, d); err != nil {
			return fmt.Errorf("create delivery for %s: %w", ep.ID, err)
		}
		if err := w.queue.Insert(ctx, jobargs.DeliverDocument{DeliveryID: d.ID}, nil); err != nil {
			return fmt.Errorf("enqueue delivery %s: %w", d.ID, err)
		}
	}
	return nil
}

func (w *CompletedWorker) notify(ctx context.Context, env domain.Envelope, signers []domain.Signer) error {
	names := make([]string, 0, len(signers))
	for _, s := range signers {
		names = append(names, s.Name)
	}
	_, err := w.mailer.Send(ctx, app.Mail{
		To:      env.SenderEmail,
		Subject: "Completed: " + env.Subject,
		Text: fmt.Sprintf("All parties have signed %q (%s).\n\nView and download: %s\n",
			env.Subject, strings.Join(names, ", "), w.links.EnvelopeURL(env.ID)),
		Tag: "envelope-completed",
	})
	if err != nil {
		return fmt.Errorf("notify sender: %w", err)
	}

	for _, s := range signers {
		_, err := w.mailer.Send(ctx, app.Mail{
			To:      s.Email,
			ReplyTo: env.SenderEmail,
			Subject: "Your signed copy: " + env.Subject,
			Text: fmt.Sprintf("Hi %s,\n\nEveryone has signed %q. Your copy: %s\n",
				s.Name, env.Subject, w.links.SigningURL(env.ID, s.ID)),
			Tag:            "signed-copy",
			IdempotencyKey: "signed-copy:" + env.ID + ":" + s.ID,
		})
		if err != nil {
			return fmt.Errorf("send copy to %s: %w", s.ID, err)
		}
	}
	return nil
}
