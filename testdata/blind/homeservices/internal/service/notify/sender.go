// Package notify sends transactional SMS and keeps a record of each one.
package notify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/provider/sms"
	"github.com/tradeloop/homeservices/internal/store"
)

// ProviderSet provides the Sender.
var ProviderSet = wire.NewSet(NewSender, wire.Bind(new(Notifier), new(*Sender)))

// Notifier sends an SMS to a phone number.
type Notifier interface {
	Send(ctx context.Context, to string, body string, opts ...Option) (*Receipt, error)
}

// Receipt describes a sent message.
type Receipt struct {
	NotificationID string
	MessageID      string
	Duplicate      bool
}

type sendOptions struct {
	clientRef string
	jobID     *string
	template  string
}

// Option customises a send.
type Option func(*sendOptions)

// WithClientRef sets the reference Relaytel uses to recognise a repeated send.
func WithClientRef(ref string) Option { return func(o *sendOptions) { o.clientRef = ref } }

// ForJob links the notification to a job for support tooling.
func ForJob(jobID string) Option { return func(o *sendOptions) { o.jobID = &jobID } }

// Template tags the notification with the template it was rendered from.
func Template(name string) Option { return func(o *sendOptions) { o.template = name } }

// Sender implements Notifier.
type Sender struct {
	api   sms.API
	repos *store.Repos
	now   func() time.Time
}

// NewSender builds a Sender.
func NewSender(api sms.API, repos *store.Repos) *Sender {
	return &Sender{api: api, repos: repos, now: time.Now}
}

// Send records the notification and sends it through Relaytel.
func (s *Sender) Send(ctx context.Context, to string, body string, opts ...Option) (*Receipt, error) {
	o := sendOptions{template: "adhoc"}
	for _, fn := range opts {
		fn(&o)
	}
	if to == "" {
		return nil, domain.Invalidf("notify: empty recipient")
	}
	if o.clientRef == "" {
		o.clientRef = ids.New()
	}

	now := s.now()
	n := &domain.Notification{
		ID:              ids.Sortable(),
		JobID:           o.jobID,
		Recipient:       to,
		Template:        o.template,
		ClientReference: o.clientRef,
		Status:          domain.NotificationQueued,
		CreatedAt:       now,
		UpdatedAt:       now,
	}
	if _, err := s.repos.Notifications.InsertIgnore(ctx, n); err != nil {
		return nil, fmt.Errorf("notify: record: %w", err)
	}
	rec, err := s.repos.Notifications.ByClientReference(ctx, o.clientRef)
	if err != nil {
		return nil, fmt.Errorf("notify: load: %w", err)
	}
	if rec.ProviderMessageID != nil {
		return &Receipt{NotificationID: rec.ID, MessageID: *rec.ProviderMessageID, Duplicate: true}, nil
	}

	res, err := s.api.SendMessage(ctx, sms.Message{To: to, Body: body, ClientReference: o.clientRef})
	if err != nil {
		var apiErr *sms.APIError
		if errors.As(err, &apiErr) && !apiErr.Temporary() {
			return nil, fmt.Errorf("notify: rejected: %w", err)
		}
		return nil, fmt.Errorf("notify: send: %w", err)
	}
	if err := s.repos.Notifications.MarkSent(ctx, rec.ID, res.SID); err != nil {
		return nil, fmt.Errorf("notify: mark sent: %w", err)
	}
	return &Receipt{NotificationID: rec.ID, MessageID: res.SID, Duplicate: res.Duplicate}, nil
}

// ApplyReceipt records a delivery receipt from Relaytel.
func (s *Sender) ApplyReceipt(ctx context.Context, cb sms.StatusCallback) error {
	status := cb.Status
	switch status {
	case "delivered":
		status = domain.NotificationDelivered
	case "failed", "undelivered":
		status = domain.NotificationFailed
	case "sent", "queued", "sending":
		status = domain.NotificationSent
	default:
		return nil
	}
	_, err := s.repos.Notifications.UpdateDelivery(ctx, cb.MessageSID, status, cb.ErrorCode)
	return err
}
