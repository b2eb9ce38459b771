// Package notify delivers driver notifications by SMS and push.
package notify

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"

	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/platform/ids"
	"github.com/voltway/charging/internal/platform/queue"
	"github.com/voltway/charging/internal/push"
	"github.com/voltway/charging/internal/smsgw"
)

// SMSJob is a message on the driver-sms queue.
type SMSJob struct {
	NotificationID string            `json:"notification_id"`
	DriverID       string            `json:"driver_id"`
	Template       string            `json:"template"`
	Params         map[string]string `json:"params"`
}

// PushJob is a message on the driver-push queue.
type PushJob struct {
	DriverID  string            `json:"driver_id"`
	Kind      string            `json:"kind"`
	Title     string            `json:"title"`
	Body      string            `json:"body"`
	SessionID string            `json:"session_id,omitempty"`
	Data      map[string]string `json:"data,omitempty"`
}

var templates = map[string]string{
	"tariff_change":   "Voltway: the price at {station} changes to {price}/kWh from {from}.",
	"session_receipt": "Voltway: session {session} complete, {kwh} kWh, {amount} charged.",
	"idle_fee":        "Voltway: an idle fee of {amount} was charged for session {session}. Please unplug when done.",
	"hold_failed":     "Voltway: we could not authorise your card for this session.",
}

// Render fills a template.
func Render(name string, params map[string]string) (string, error) {
	t, ok := templates[name]
	if !ok {
		return "", fmt.Errorf("unknown template %q", name)
	}
	keys := make([]string, 0, len(params))
	for k := range params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	pairs := make([]string, 0, 2*len(keys))
	for _, k := range keys {
		pairs = append(pairs, "{"+k+"}", params[k])
	}
	return strings.NewReplacer(pairs...).Replace(t), nil
}

// Contacts looks up where to reach a driver.
type Contacts interface {
	Phone(ctx context.Context, q dbutil.Querier, driverID string) (string, error)
	PushToken(ctx context.Context, q dbutil.Querier, driverID string) (string, bool, error)
}

// DriverContacts implements Contacts on the drivers table.
type DriverContacts struct{}

// Phone returns the driver's phone number.
func (DriverContacts) Phone(ctx context.Context, q dbutil.Querier, driverID string) (string, error) {
	var p string
	err := q.QueryRowContext(ctx, `SELECT phone_e164 FROM drivers WHERE id = ?`, driverID).Scan(&p)
	return p, dbutil.NotFound(err)
}

// PushToken returns the driver's device token if registered.
func (DriverContacts) PushToken(ctx context.Context, q dbutil.Querier, driverID string) (string, bool, error) {
	var t sql.NullString
	err := q.QueryRowContext(ctx, `SELECT push_token FROM drivers WHERE id = ?`, driverID).Scan(&t)
	if err != nil {
		return "", false, dbutil.NotFound(err)
	}
	return t.String, t.Valid && t.String != "", nil
}

// SMSDispatcher sends SMS jobs.
type SMSDispatcher struct {
	db       *sql.DB
	contacts Contacts
	sender   smsgw.Sender
}

// NewSMSDispatcher wires the SMS dispatcher.
func NewSMSDispatcher(db *sql.DB, c Contacts, s smsgw.Sender) *SMSDispatcher {
	return &SMSDispatcher{db: db, contacts: c, sender: s}
}

// Deliver sends one SMS job. The gateway deduplicates on client_ref, so a
// redelivered job reaches the driver once.
func (d *SMSDispatcher) Deliver(ctx context.Context, job SMSJob) error {
	phone, err := d.contacts.Phone(ctx, d.db, job.DriverID)
	if err != nil {
		return err
	}
	body, err := Render(job.Template, job.Params)
	if err != nil {
		return err
	}
	rcpt, err := d.sender.Send(ctx, smsgw.Message{To: phone, Body: body, ClientRef: job.NotificationID})
	if err != nil {
		return err
	}
	_, err = d.db.ExecContext(ctx, `
		INSERT IGNORE INTO sms_log (notification_id, driver_id, phone_e164, template, gateway_ref)
		VALUES (?, ?, ?, ?, ?)`, job.NotificationID, job.DriverID, phone, job.Template, rcpt.MessageID)
	return err
}

// PushDispatcher sends push jobs.
type PushDispatcher struct {
	db       *sql.DB
	contacts Contacts
	notifier push.Notifier
}

// NewPushDispatcher wires the push dispatcher.
func NewPushDispatcher(db *sql.DB, c Contacts, n push.Notifier) *PushDispatcher {
	return &PushDispatcher{db: db, contacts: c, notifier: n}
}

// Deliver sends one push job; messageRef identifies the queue message.
func (d *PushDispatcher) Deliver(ctx context.Context, messageRef string, job PushJob) error {
	var seen int
	if err := d.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM push_log WHERE message_ref = ?`, messageRef).Scan(&seen); err != nil {
		return err
	}
	if seen > 0 {
		return nil
	}
	token, ok, err := d.contacts.PushToken(ctx, d.db, job.DriverID)
	if err != nil || !ok {
		return err
	}
	data := map[string]string{"kind": job.Kind}
	for k, v := range job.Data {
		data[k] = v
	}
	if job.SessionID != "" {
		data["session_id"] = job.SessionID
	}
	res, err := d.notifier.Send(ctx, push.Notification{
		DeviceToken: token, Title: job.Title, Body: job.Body, Data: data, TTLSeconds: 3600,
	})
	if err != nil {
		return err
	}
	if res.InvalidToken {
		_, _ = d.db.ExecContext(ctx, `UPDATE drivers SET push_token = NULL WHERE id = ? AND push_token = ?`, job.DriverID, token)
	}
	_, err = d.db.ExecContext(ctx, `
		INSERT INTO push_log (message_ref, driver_id, kind, provider_id) VALUES (?, ?, ?, ?)`,
		messageRef, job.DriverID, job.Kind, res.ID)
	return err
}

// Enqueuer publishes notification jobs with stable notification IDs.
type Enqueuer struct {
	sms  queue.Publisher
	push queue.Publisher
}

// NewEnqueuer wires the enqueuer; either publisher may be nil.
func NewEnqueuer(sms, push queue.Publisher) *Enqueuer { return &Enqueuer{sms: sms, push: push} }

// SMS queues an SMS whose notification ID is derived from the business
// event, so re-queueing the same event collapses at the gateway.
func (e *Enqueuer) SMS(ctx context.Context, driverID, template string, params map[string]string, eventKey ...string) error {
	job := SMSJob{
		NotificationID: ids.Digest(append([]string{template, driverID}, eventKey...)...),
		DriverID:       driverID,
		Template:       template,
		Params:         params,
	}
	_, err := e.sms.Publish(ctx, job)
	return err
}

// Push queues a push notification.
func (e *Enqueuer) Push(ctx context.Context, job PushJob) error {
	_, err := e.push.Publish(ctx, job)
	return err
}
