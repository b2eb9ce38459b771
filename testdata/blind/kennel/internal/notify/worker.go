package notify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/jobs"
	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/providers/sms"
)

// SendWorker delivers queued messages.
type SendWorker struct {
	river.WorkerDefaults[jobs.SendSMS]

	messages    *platform.Store[Message]
	dir         owners.Directory
	sender      sms.Sender
	callbackURL string
	location    *time.Location
}

// SendWorkerParams are SendWorker's dependencies.
type SendWorkerParams struct {
	DB          *bun.DB
	Directory   owners.Directory
	Sender      sms.Sender
	CallbackURL string
	Timezone    string
}

// NewSendWorker returns the worker.
func NewSendWorker(p SendWorkerParams) (*SendWorker, error) {
	loc, err := time.LoadLocation(p.Timezone)
	if err != nil {
		return nil, fmt.Errorf("sms worker timezone: %w", err)
	}
	return &SendWorker{
		messages:    platform.NewStore[Message](p.DB),
		dir:         p.Directory,
		sender:      p.Sender,
		callbackURL: p.CallbackURL,
		location:    loc,
	}, nil
}

// Work implements river.Worker.
func (w *SendWorker) Work(ctx context.Context, job *river.Job[jobs.SendSMS]) error {
	m, err := w.messages.Get(ctx, job.Args.MessageID)
	if errors.Is(err, platform.ErrNotFound) {
		return river.JobCancel(err)
	}
	if err != nil {
		return err
	}
	if m.Status != StatusQueued {
		return nil
	}

	prefs, err := w.dir.Preferences(ctx, m.OwnerID)
	if err != nil {
		return err
	}
	if !prefs.OptedIn {
		m.Status = StatusSuppressed
		return w.messages.Update(ctx, m, "status")
	}
	if prefs.InQuietHours(time.Now().In(w.location).Hour()) {
		return river.JobSnooze(30 * time.Minute)
	}

	res, err := w.sender.Send(ctx, sms.Message{To: m.ToPhone, Body: m.Body},
		sms.WithStatusCallback(w.callbackURL),
		sms.WithValidity(4*time.Hour),
	)
	if err != nil {
		return err
	}

	now := time.Now().UTC()
	m.Status = StatusSent
	m.ProviderMessageID = &res.ID
	m.SentAt = &now
	return w.messages.Update(ctx, m, "status", "provider_message_id", "sent_at")
}
