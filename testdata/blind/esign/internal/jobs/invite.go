package jobs

import (
	"context"
	"errors"
	"fmt"

	"github.com/riverqueue/river"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/domain"
	"github.com/quillsign/esign/internal/jobs/jobargs"
	"github.com/quillsign/esign/internal/store/queries"
)

// InviteWorker e-mails a signer their signing link.
type InviteWorker struct {
	river.WorkerDefaults[jobargs.SignerInvite]

	db     app.Database
	mailer app.Mailer
	links  Links
	now    app.Clock
}

// NewInviteWorker returns an InviteWorker.
func NewInviteWorker(db app.Database, mailer app.Mailer, links Links, now app.Clock) *InviteWorker {
	return &InviteWorker{db: db, mailer: mailer, links: links, now: now}
}

func (w *InviteWorker) Work(ctx context.Context, job *river.Job[jobargs.SignerInvite]) error {
	env, err := queries.GetEnvelopeByID(ctx, w.db, job.Args.EnvelopeID)
	if errors.Is(err, queries.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if env.Status != domain.EnvelopeSent {
		return nil
	}
	signer, err := queries.GetSigner(ctx, w.db, env.ID, job.Args.SignerID)
	if err != nil {
		return err
	}
	if signer.Status != domain.SignerPending {
		return nil
	}

	_, err = w.mailer.Send(ctx, app.Mail{
		To:      signer.Email,
		ReplyTo: env.SenderEmail,
		Subject: "Please sign: " + env.Subject,
		Text: fmt.Sprintf("Hi %s,\n\n%s has sent you a document to sign.\n\n%s\n\nOpen: %s\n",
			signer.Name, env.SenderEmail, env.Message, w.links.SigningURL(env.ID, signer.ID)),
		Tag:            "signer-invite",
		IdempotencyKey: "invite:" + env.ID + ":" + signer.ID,
	})
	if err != nil {
		return fmt.Errorf("send invite: %w", err)
	}
	return queries.MarkSignerNotified(ctx, w.db, signer.ID, w.now())
}
