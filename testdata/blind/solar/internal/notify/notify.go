// Package notify sends homeowner and crew text messages for project events.
package notify

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/sunrail/installs/internal/clients/sms"
	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
)

// Texter sends SMS.
type Texter interface {
	Send(ctx context.Context, to, body string) (*sms.Result, error)
}

// Log is the notifications table.
type Log struct {
	db database.DBTX
}

// NewLog builds a Log.
func NewLog(db database.DBTX) *Log {
	return &Log{db: db}
}

// Entry is one notification row.
type Entry struct {
	ID          uuid.UUID
	EventID     uuid.UUID
	Channel     string
	Recipient   string
	Template    string
	Status      string
	ProviderRef string
}

// Record stores a notification that was already sent.
func (l *Log) Record(ctx context.Context, e Entry) error {
	_, err := database.Executor(ctx, l.db).ExecContext(ctx, `
		INSERT INTO notifications (id, event_id, channel, recipient, template, status, provider_ref)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (event_id, channel, recipient) DO NOTHING`,
		e.ID, e.EventID, e.Channel, e.Recipient, e.Template, e.Status, e.ProviderRef)
	return err
}

// Reserve inserts a pending notification row and reports whether this call
// created it.
func (l *Log) Reserve(ctx context.Context, e Entry) (bool, error) {
	var id uuid.UUID
	err := database.Executor(ctx, l.db).QueryRowContext(ctx, `
		INSERT INTO notifications (id, event_id, channel, recipient, template, status)
		VALUES ($1, $2, $3, $4, $5, 'pending')
		ON CONFLICT (event_id, channel, recipient) DO NOTHING
		RETURNING id`, e.ID, e.EventID, e.Channel, e.Recipient, e.Template).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// Finish stores the send outcome.
func (l *Log) Finish(ctx context.Context, id uuid.UUID, status, ref string) error {
	_, err := database.Executor(ctx, l.db).ExecContext(ctx, `
		UPDATE notifications SET status = $2, provider_ref = NULLIF($3, '') WHERE id = $1`, id, status, ref)
	return err
}

// Notifier renders and sends texts.
type Notifier struct {
	texter Texter
	log    *Log
	tz     *time.Location
}

// NewNotifier builds a Notifier.
func NewNotifier(t Texter, log *Log) *Notifier {
	tz, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		tz = time.UTC
	}
	return &Notifier{texter: t, log: log, tz: tz}
}

func (n *Notifier) day(t time.Time) string {
	return t.In(n.tz).Format("Mon Jan 2")
}

// HomeownerInstallScheduled tells the homeowner when the crew is coming.
func (n *Notifier) HomeownerInstallScheduled(ctx context.Context, env events.Envelope, evt events.InstallScheduled) error {
	if evt.HomeownerTel == "" {
		return nil
	}
	body := fmt.Sprintf("Hi %s, your solar installation is scheduled for %s. The crew arrives between 7 and 9am. Reply STOP to opt out.",
		firstName(evt.HomeownerName), n.day(evt.StartsAt))
	res, err := n.texter.Send(ctx, evt.HomeownerTel, body)
	if err != nil {
		return err
	}
	return n.log.Record(ctx, Entry{
		ID:          uuid.New(),
		EventID:     env.ID,
		Channel:     "sms",
		Recipient:   evt.HomeownerTel,
		Template:    "install_scheduled_homeowner",
		Status:      "sent",
		ProviderRef: res.MessageID,
	})
}

// CrewLeadAssigned sends the crew lead the job details.
func (n *Notifier) CrewLeadAssigned(ctx context.Context, env events.Envelope, evt events.InstallScheduled) error {
	if evt.CrewLeadTel == "" {
		return nil
	}
	entry := Entry{
		ID:        uuid.New(),
		EventID:   env.ID,
		Channel:   "sms",
		Recipient: evt.CrewLeadTel,
		Template:  "install_scheduled_crew",
	}
	fresh, err := n.log.Reserve(ctx, entry)
	if err != nil || !fresh {
		return err
	}
	body := fmt.Sprintf("New install %s to %s at %s. Check the crew app for the plan set.",
		n.day(evt.StartsAt), n.day(evt.EndsAt), evt.SiteAddress)
	res, err := n.texter.Send(ctx, evt.CrewLeadTel, body)
	if err != nil {
		return n.log.Finish(ctx, entry.ID, "failed", "")
	}
	return n.log.Finish(ctx, entry.ID, "sent", res.MessageID)
}

func firstName(full string) string {
	for i, r := range full {
		if r == ' ' {
			return full[:i]
		}
	}
	return full
}
