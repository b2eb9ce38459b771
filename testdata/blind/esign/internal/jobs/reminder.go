package jobs

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/jobs/jobargs"
	"github.com/quillsign/esign/internal/platform/ids"
	"github.com/quillsign/esign/internal/store/queries"
)

// ReminderWorker reminds a signer who has not signed yet, by SMS when we
// have their phone number and always by e-mail.
type ReminderWorker struct {
	river.WorkerDefaults[jobargs.SendReminder]

	db     app.Database
	sms    app.SMSSender
	mailer app.Mailer
	links  Links
	now    app.Clock
	log    *slog.Logger
}

// NewReminderWorker returns a ReminderWorker.
func NewReminderWorker(db app.Database, sms app.SMSSender, mailer app.Mailer, links Links, now app.Clock, log *slog.Logger) *ReminderWorker {
	return &ReminderWorker{db: db, sms: sms, mailer: mailer, links: links, now: now, log: log}
}

func (w *ReminderWorker) Work(ctx context.Context, job *river.Job[jobargs.SendReminder]) error {
	a := job.Args
	awaiting, err := queries.SignerAwaitingReminder(ctx, w.db, a.EnvelopeID, a.SignerID)
	if err != nil {
		return err
	}
	if !awaiting {
		w.log.DebugContext(ctx, "reminder skipped", "envelope_id", a.EnvelopeID, "signer_id", a.SignerID)
		return nil
	}
	env, err := queries.GetEnvelopeByID(ctx, w.db, a.EnvelopeID)
	if err != nil {
		return err
	}
	signer, err := queries.GetSigner(ctx, w.db, a.EnvelopeID, a.SignerID)
	if err != nil {
		return err
	}

	ref := a.Ref()
	link := w.links.SigningURL(env.ID, signer.ID)
	var sent []queries.ReminderRow

	if signer.HasPhone() {
		body := fmt.Sprintf("Reminder: %q is waiting for your signature. %s", env.Subject, link)
		msgID, err := w.sms.SendSMS(ctx, *signer.Phone, body)
		if err != nil {
			return fmt.Errorf("sms reminder: %w", err)
		}
		sent = append(sent, queries.ReminderRow{Channel: "sms", ProviderMessageID: msgID})
	}

	msgID, err := w.mailer.Send(ctx, app.Mail{
		To:      signer.Email,
		ReplyTo: env.SenderEmail,
		Subject: "Reminder: please sign " + env.Subject,
		Text: fmt.Sprintf("Hi %s,\n\n%s is still waiting for your signature on %q.\n\nOpen: %s\n",
			signer.Name, env.SenderEmail, env.Subject, link),
		Tag:            "signer-reminder",
		IdempotencyKey: "reminder:" + signer.ID + ":" + ref,
	})
	if err != nil {
		return fmt.Errorf("email reminder: %w", err)
	}
	sent = append(sent, queries.ReminderRow{Channel: "email", ProviderMessageID: msgID})

	now := w.now()
	return w.db.InTx(ctx, func(tx pgx.Tx) error {
		for _, r := range sent {
			r.ID = ids.New()
			r.EnvelopeID, r.SignerID, r.Ref, r.SentAt = env.ID, signer.ID, ref, now
			if err := queries.InsertReminder(ctx, tx, r); err != nil {
				return err
			}
		}
		return nil
	})
}
