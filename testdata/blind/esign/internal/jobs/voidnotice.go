package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/riverqueue/river"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/domain"
	"github.com/quillsign/esign/internal/jobs/jobargs"
	"github.com/quillsign/esign/internal/platform/ids"
	"github.com/quillsign/esign/internal/store/queries"
)

// VoidNoticeWorker tells signers who were waiting on an envelope that the
// sender voided it: by SMS if we have a number, otherwise by e-mail.
type VoidNoticeWorker struct {
	river.WorkerDefaults[jobargs.VoidNotice]

	db     app.Database
	sms    app.SMSSender
	mailer app.Mailer
	now    app.Clock
}

// NewVoidNoticeWorker returns a VoidNoticeWorker.
func NewVoidNoticeWorker(db app.Database, sms app.SMSSender, mailer app.Mailer, now app.Clock) *VoidNoticeWorker {
	return &VoidNoticeWorker{db: db, sms: sms, mailer: mailer, now: now}
}

func (w *VoidNoticeWorker) Work(ctx context.Context, job *river.Job[jobargs.VoidNotice]) error {
	env, err := queries.GetEnvelopeByID(ctx, w.db, job.Args.EnvelopeID)
	if err != nil {
		return err
	}
	if env.Status != domain.EnvelopeVoided {
		return nil
	}
	signers, err := queries.AwaitingSigners(ctx, w.db, env.ID)
	if err != nil {
		return err
	}
	reason := ""
	if env.VoidReason != nil {
		reason = *env.VoidReason
	}

	for _, s := range signers {
		if s.HasPhone() {
			msg := fmt.Sprintf("%s cancelled %q. No signature is needed.", env.SenderEmail, env.Subject)
			if _, err := w.sms.SendSMS(ctx, *s.Phone, msg); err != nil {
				return fmt.Errorf("void notice to %s: %w", s.ID, err)
			}
			continue
		}
		_, err := w.mailer.Send(ctx, app.Mail{
			To:             s.Email,
			ReplyTo:        env.SenderEmail,
			Subject:        "Cancelled: " + env.Subject,
			Text:           fmt.Sprintf("Hi %s,\n\n%s cancelled %q.\nReason: %s\n", s.Name, env.SenderEmail, env.Subject, reason),
			Tag:            "envelope-voided",
			IdempotencyKey: "void:" + env.ID + ":" + s.ID,
		})
		if err != nil {
			return fmt.Errorf("void notice to %s: %w", s.ID, err)
		}
	}

	detail, _ := json.Marshal(map[string]int{"notified": len(signers)})
	return queries.InsertEnvelopeEvent(ctx, w.db, domain.EnvelopeEvent{
		ID:         ids.New(),
		EnvelopeID: env.ID,
		Kind:       "void_notices_sent",
		Detail:     detail,
		OccurredAt: w.now(),
	})
}
