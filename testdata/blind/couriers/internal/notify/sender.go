package notify

import (
	"context"
	"log/slog"
	"time"

	"go.uber.org/fx"

	"github.com/spokechain/courierpay/internal/db"
	"github.com/spokechain/courierpay/internal/platform/postgres"
	"github.com/spokechain/courierpay/internal/platform/scheduler"
	"github.com/spokechain/courierpay/internal/providers/sms"
)

// staleAfter is how long a message may sit in "sending" before we assume the
// worker died mid-send. Twilio has no idempotency key, so such messages go to
// review instead of being sent again.
const staleAfter = 10 * time.Minute

// SenderJob drains the outbox.
type SenderJob struct {
	tx    postgres.Transactor
	q     *db.Queries
	sms   sms.Sender
	log   *slog.Logger
	now   func() time.Time
	batch int32
}

// NewSenderJob returns the outbox sender.
func NewSenderJob(tx postgres.Transactor, q *db.Queries, s sms.Sender, log *slog.Logger) *SenderJob {
	return &SenderJob{tx: tx, q: q, sms: s, log: log.With("job", "sms-outbox"), now: time.Now, batch: 50}
}

func (j *SenderJob) Name() string         { return "sms-outbox" }
func (j *SenderJob) Every() time.Duration { return 5 * time.Second }

type claimed struct {
	n         db.Notification
	attemptID int64
}

// Run claims a batch of pending messages, sends each once and records the
// outcome. A message is moved to "sending" and its attempt is logged in the
// same transaction before the provider is called, so a crash mid-send leaves
// it in "sending" rather than "pending".
func (j *SenderJob) Run(ctx context.Context) error {
	if n, err := j.q.MarkStaleSendingForReview(ctx, j.now().Add(-staleAfter)); err != nil {
		return err
	} else if n > 0 {
		j.log.Warn("notifications need review after interrupted send", "count", n)
	}

	batch, err := postgres.InTx(ctx, j.tx, func(q *db.Queries) ([]claimed, error) {
		rows, err := q.ClaimPendingNotifications(ctx, j.batch)
		if err != nil {
			return nil, err
		}
		out := make([]claimed, 0, len(rows))
		for _, n := range rows {
			a, err := q.InsertNotificationAttempt(ctx, db.InsertNotificationAttemptParams{
				NotificationID: n.ID,
				StartedAt:      j.now(),
			})
			if err != nil {
				return nil, err
			}
			out = append(out, claimed{n: n, attemptID: a.ID})
		}
		return out, nil
	})
	if err != nil {
		return err
	}

	for _, c := range batch {
		sid, sendErr := j.sms.Send(ctx, c.n.PhoneE164, c.n.Body)
		if err := j.finish(ctx, c, sid, sendErr); err != nil {
			return err
		}
	}
	return nil
}

func (j *SenderJob) finish(ctx context.Context, c claimed, sid string, sendErr error) error {
	return j.tx.WithinTx(ctx, func(q *db.Queries) error {
		outcome, errText := "sent", ""
		if sendErr != nil {
			outcome, errText = "failed", sendErr.Error()
		}
		if err := q.FinishNotificationAttempt(ctx, db.FinishNotificationAttemptParams{
			ID:         c.attemptID,
			FinishedAt: postgres.Timestamptz(j.now()),
			Outcome:    postgres.Text(outcome),
			Error:      postgres.Text(errText),
		}); err != nil {
			return err
		}
		if sendErr != nil {
			j.log.Warn("sms failed", "notification", c.n.ID, "template", c.n.Template, "err", sendErr)
			return q.MarkNotificationFailed(ctx, c.n.ID)
		}
		return q.MarkNotificationSent(ctx, db.MarkNotificationSentParams{
			ID:                c.n.ID,
			ProviderMessageID: postgres.Text(sid),
		})
	})
}

// Module provides the outbox and its sender job.
var Module = fx.Module("notify",
	fx.Provide(NewOutbox, scheduler.AsJob(NewSenderJob)),
)
