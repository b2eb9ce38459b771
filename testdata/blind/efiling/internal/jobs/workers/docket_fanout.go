package workers

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/docketly/efile/internal/jobs"
	"github.com/docketly/efile/internal/notify"
	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/store/db"
)

// DocketFanoutWorker turns a new docket entry into one notification per
// subscriber and channel.
type DocketFanoutWorker struct {
	river.WorkerDefaults[jobs.DocketFanoutArgs]
	store  *store.Store
	notify *notify.Queue
	log    *slog.Logger
}

// NewDocketFanoutWorker returns the worker.
func NewDocketFanoutWorker(s *store.Store, n *notify.Queue, log *slog.Logger) *DocketFanoutWorker {
	return &DocketFanoutWorker{store: s, notify: n, log: log}
}

// Work implements river.Worker.
func (w *DocketFanoutWorker) Work(ctx context.Context, job *river.Job[jobs.DocketFanoutArgs]) error {
	entry, err := w.store.GetDocketEntry(ctx, job.Args.DocketEntryID)
	if err != nil {
		return err
	}
	subs, err := w.store.ListSubscribersForCase(ctx, entry.CourtCode, entry.CaseNumber)
	if err != nil {
		return err
	}

	// Each subscriber gets its own short transaction so one bad address does
	// not hold locks for a case with hundreds of watchers.
	for _, sub := range subs {
		d, ok := draftFor(sub, entry)
		if !ok {
			continue
		}
		err := w.store.InTx(ctx, func(ctx context.Context, tx pgx.Tx, _ *db.Queries) error {
			_, err := w.notify.Enqueue(ctx, tx, d)
			return err
		})
		if err != nil {
			return fmt.Errorf("notify %s: %w", sub.AttorneyID, err)
		}
	}
	w.log.InfoContext(ctx, "docket entry fanned out", "entry", entry.ID, "subscribers", len(subs))
	return nil
}

func draftFor(sub db.Subscriber, e db.DocketEntry) (notify.Draft, bool) {
	id := e.ID
	d := notify.Draft{
		AttorneyID:    sub.AttorneyID,
		Channel:       sub.Channel,
		Template:      "docket_entry",
		DocketEntryID: &id,
	}
	switch sub.Channel {
	case notify.Email:
		d.Recipient = sub.Email
		d.Subject = fmt.Sprintf("New docket entry in %s (%s)", sub.Title, e.CaseNumber)
		d.Body = fmt.Sprintf("Entry #%d, %s: %s", e.Sequence, e.EnteredAt.Format("Jan 2, 2006"), e.Description)
	case notify.SMS:
		if sub.Phone == nil {
			return notify.Draft{}, false
		}
		d.Recipient = *sub.Phone
		d.Body = truncate(fmt.Sprintf("%s #%d: %s", e.CaseNumber, e.Sequence, e.Description), 300)
	default:
		return notify.Draft{}, false
	}
	return d, true
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}
