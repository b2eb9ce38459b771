package sms

import (
	"context"
	"log/slog"

	"github.com/tablewise/reservations/internal/db"
	"github.com/tablewise/reservations/internal/ids"
	"github.com/tablewise/reservations/internal/pgconv"
)

// Recorder decorates a Sender and keeps a row per accepted message so that
// delivery receipts can be matched back to a purpose.
type Recorder struct {
	next Sender
	q    *db.Queries
	log  *slog.Logger
}

func NewRecorder(next Sender, q *db.Queries, log *slog.Logger) *Recorder {
	return &Recorder{next: next, q: q, log: log}
}

func (r *Recorder) Send(ctx context.Context, m Message) (Receipt, error) {
	rc, err := r.next.Send(ctx, m)
	if err != nil {
		return rc, err
	}
	if rc.Duplicate {
		return rc, nil
	}
	if err := r.q.InsertSmsMessage(ctx, db.InsertSmsMessageParams{
		ID:                ids.New(ids.PrefixSMS),
		ClientRef:         pgconv.Text(m.ClientRef),
		ProviderMessageID: rc.MessageID,
		ToPhone:           m.To,
		Purpose:           m.Purpose,
	}); err != nil {
		// The message has gone out; losing the log row only affects receipts.
		r.log.WarnContext(ctx, "sms: record message", "provider_id", rc.MessageID, "err", err)
	}
	return rc, nil
}
