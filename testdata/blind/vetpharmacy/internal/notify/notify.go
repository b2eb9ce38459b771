// Package notify renders and delivers owner notifications. Scheduling writes
// a notifications row and a river job; the job's worker calls Deliver.
package notify

import (
	"bytes"
	"context"
	"fmt"
	"text/template"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/ids"
	"github.com/kestrelvet/refillrx/internal/jobs"
	"github.com/kestrelvet/refillrx/internal/queue"
)

const (
	ChannelSMS   = "sms"
	ChannelEmail = "email"
)

type Repository interface {
	Create(ctx context.Context, p db.InsertNotificationParams) error
	Get(ctx context.Context, id string) (db.Notification, error)
	MarkSent(ctx context.Context, id, providerRef string) error
}

type Message struct {
	OwnerID   string
	Channel   string
	Template  string
	Recipient string
	Data      map[string]any
}

type tmpl struct {
	subject string
	body    *template.Template
}

// templates is the registry of everything the pharmacy sends to owners.
var templates = map[string]tmpl{
	"refill_requested": {"We've asked your vet", template.Must(template.New("").Parse(
		"Hi {{.Name}}, we've sent your refill request for {{.Product}} to {{.Clinic}}. We'll let you know when they reply."))},
	"refill_approved": {"Your refill is approved", template.Must(template.New("").Parse(
		"Good news {{.Name}}: your vet approved {{.Product}}. Pay now to get it on its way: {{.PayURL}}"))},
	"refill_declined": {"Your vet declined a refill", template.Must(template.New("").Parse(
		"Hi {{.Name}}, your vet couldn't approve the refill for {{.Product}}. {{.Note}} Please contact the clinic."))},
	"order_shipped": {"Your order is on its way", template.Must(template.New("").Parse(
		"Your order {{.OrderID}} has shipped. Track it: {{.TrackingURL}}"))},
	"delivery_exception": {"We couldn't deliver your parcel", template.Must(template.New("").Parse(
		"Hi {{.Name}}, the courier couldn't deliver order {{.OrderID}} ({{.Reason}}). We've booked another attempt for {{.Date}}."))},
}

// Render returns the subject and body of a template.
func Render(name string, data map[string]any) (string, string, error) {
	t, ok := templates[name]
	if !ok {
		return "", "", fmt.Errorf("notify: unknown template %q", name)
	}
	var buf bytes.Buffer
	if err := t.body.Execute(&buf, data); err != nil {
		return "", "", fmt.Errorf("notify: render %s: %w", name, err)
	}
	return t.subject, buf.String(), nil
}

type Scheduler struct {
	repo  Repository
	queue queue.Enqueuer
}

func NewScheduler(repo Repository, q queue.Enqueuer) *Scheduler {
	return &Scheduler{repo: repo, queue: q}
}

// Schedule records the notification and queues its delivery. Call it inside
// the transaction of the change being announced so neither outlives the
// other.
func (s *Scheduler) Schedule(ctx context.Context, m Message) (string, error) {
	subject, body, err := Render(m.Template, m.Data)
	if err != nil {
		return "", err
	}
	id := ids.New(ids.Notification)
	p := db.InsertNotificationParams{
		ID:        id,
		OwnerID:   m.OwnerID,
		Channel:   m.Channel,
		Template:  m.Template,
		Recipient: m.Recipient,
		Body:      body,
	}
	if m.Channel == ChannelEmail {
		p.Subject = &subject
	}
	if err := s.repo.Create(ctx, p); err != nil {
		return "", fmt.Errorf("notify: insert: %w", err)
	}
	if _, err := s.queue.Enqueue(ctx, jobs.SendNotificationArgs{NotificationID: id}, nil); err != nil {
		return "", fmt.Errorf("notify: enqueue: %w", err)
	}
	return id, nil
}

// ForOwner picks the owner's preferred channel: SMS when we have a phone
// number, email otherwise.
func ForOwner(o db.Owner, template string, data map[string]any) Message {
	if data == nil {
		data = map[string]any{}
	}
	if _, ok := data["Name"]; !ok {
		data["Name"] = o.FullName
	}
	m := Message{OwnerID: o.ID, Template: template, Data: data, Channel: ChannelEmail, Recipient: o.Email}
	if o.Phone != nil && *o.Phone != "" {
		m.Channel, m.Recipient = ChannelSMS, *o.Phone
	}
	return m
}
