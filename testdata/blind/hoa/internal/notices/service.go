// Package notices turns notice requests from the rest of the platform into
// owner emails (Sendwell) and texts (Textbridge).
package notices

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"text/template"
	"time"

	"github.com/google/uuid"
	"github.com/lib/pq"

	"github.com/larchway/hoaops/internal/billing"
	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/provider/sendwell"
)

// Notice is one message to one owner, possibly on several channels.
type Notice struct {
	ID        uuid.UUID      `db:"id" json:"id"`
	AccountID uuid.UUID      `db:"account_id" json:"account_id"`
	Template  string         `db:"template" json:"template"`
	Subject   string         `db:"subject" json:"subject"`
	Body      string         `db:"body" json:"body"`
	Channels  pq.StringArray `db:"channels" json:"channels"`
	SourceKey string         `db:"source_key" json:"source_key"`
	CreatedAt time.Time      `db:"created_at" json:"created_at"`
}

// Delivery tracks a notice on one channel.
type Delivery struct {
	ID          uuid.UUID `db:"id"`
	NoticeID    uuid.UUID `db:"notice_id"`
	Channel     string    `db:"channel"`
	Status      string    `db:"status"`
	ProviderRef *string   `db:"provider_ref"`
	Attempts    int       `db:"attempts"`
}

// Store persists notices and deliveries.
type Store interface {
	UpsertNotice(ctx context.Context, n Notice) (Notice, bool, error)
	GetNotice(ctx context.Context, id uuid.UUID) (Notice, error)
	ClaimDelivery(ctx context.Context, d Delivery) (Delivery, error)
	DeliveryStatus(ctx context.Context, noticeID uuid.UUID, channel string) (string, error)
	MarkDelivered(ctx context.Context, noticeID uuid.UUID, channel, providerRef string) error
	MarkDeliveryFailed(ctx context.Context, id uuid.UUID, reason string) error
}

// Accounts loads owner accounts.
type Accounts interface {
	Get(ctx context.Context, id uuid.UUID) (billing.Account, error)
}

// Mailer sends email.
type Mailer interface {
	Send(ctx context.Context, msg sendwell.Message, opts ...sendwell.SendOption) (string, error)
}

// Texter sends SMS.
type Texter interface {
	Send(ctx context.Context, to, body string) (string, error)
}

// Service is the notices use-case surface.
type Service interface {
	Create(ctx context.Context, req events.NoticeRequested) (Notice, bool, error)
	SendEmail(ctx context.Context, noticeID uuid.UUID) error
	SendSMS(ctx context.Context, noticeID uuid.UUID) error
}

type service struct {
	store    Store
	accounts Accounts
	mail     Mailer
	sms      Texter
	log      *slog.Logger
}

// New builds the notices service.
func New(store Store, accounts Accounts, mail Mailer, sms Texter, log *slog.Logger) Service {
	return &service{store: store, accounts: accounts, mail: mail, sms: sms, log: log.With("component", "notices")}
}

// Create renders and stores the notice for a request. The request's source
// key identifies the notice: a repeated request returns the stored notice.
func (s *service) Create(ctx context.Context, req events.NoticeRequested) (Notice, bool, error) {
	subject, body, err := render(req.Template, req.Data)
	if err != nil {
		return Notice{}, false, err
	}
	channels := req.Channels
	if len(channels) == 0 {
		channels = []string{"email"}
	}
	return s.store.UpsertNotice(ctx, Notice{
		ID:        uuid.New(),
		AccountID: req.AccountID,
		Template:  req.Template,
		Subject:   subject,
		Body:      body,
		Channels:  channels,
		SourceKey: req.SourceKey,
	})
}

// SendEmail delivers a notice by email.
func (s *service) SendEmail(ctx context.Context, noticeID uuid.UUID) error {
	n, err := s.store.GetNotice(ctx, noticeID)
	if err != nil {
		return err
	}
	acct, err := s.accounts.Get(ctx, n.AccountID)
	if err != nil {
		return err
	}
	if acct.Email == "" {
		return nil
	}
	d, err := s.store.ClaimDelivery(ctx, Delivery{ID: uuid.New(), NoticeID: n.ID, Channel: "email", Status: "sending"})
	if err != nil {
		return err
	}
	if d.Status == "sent" {
		return nil
	}

	ref, err := s.mail.Send(ctx, sendwell.Message{
		To:      acct.Email,
		Subject: n.Subject,
		Text:    n.Body,
		Tag:     n.Template,
	}, sendwell.WithIdempotencyKey("notice-"+d.ID.String()))
	if err != nil {
		if mErr := s.store.MarkDeliveryFailed(ctx, d.ID, err.Error()); mErr != nil {
			s.log.WarnContext(ctx, "mark delivery failed", "delivery_id", d.ID, "err", mErr)
		}
		return err
	}
	return s.store.MarkDelivered(ctx, n.ID, "email", ref)
}

// SendSMS delivers a notice by text to owners who opted in.
func (s *service) SendSMS(ctx context.Context, noticeID uuid.UUID) error {
	n, err := s.store.GetNotice(ctx, noticeID)
	if err != nil {
		return err
	}
	acct, err := s.accounts.Get(ctx, n.AccountID)
	if err != nil {
		return err
	}
	if !acct.SMSOptIn || acct.Phone == "" {
		return nil
	}
	status, err := s.store.DeliveryStatus(ctx, n.ID, "sms")
	if err != nil {
		return err
	}
	if status == "sent" {
		return nil
	}

	sid, err := s.sms.Send(ctx, acct.Phone, smsText(acct, n))
	if err != nil {
		return fmt.Errorf("textbridge: %w", err)
	}
	return s.store.MarkDelivered(ctx, n.ID, "sms", sid)
}

func smsText(acct billing.Account, n Notice) string {
	text := acct.AssociationName + ": " + n.Subject
	if len(text) > 140 {
		text = text[:137] + "..."
	}
	return text + " Reply STOP to opt out."
}

var templates = map[string]struct{ subject, body string }{
	"late_fee_assessed":     {"Late fee applied", "A late fee of {{.late_fee}} was added for unit {{.unit_label}} ({{.period}} dues)."},
	"payment_receipt":       {"Payment received", "Thank you. We received your payment of ${{.amount}}."},
	"payment_failed":        {"Payment did not go through", "Your payment was returned ({{.reason}}).{{if .fee}} A returned-payment fee of ${{.fee}} applies.{{end}}"},
	"violation_fine":        {"Violation fine assessed", "The board assessed a fine of ${{.amount}} for: {{.category}}."},
	"reservation_confirmed": {"Reservation confirmed", "Your {{.amenity}} reservation on {{.starts_at}} is confirmed. Deposit held: ${{.deposit}}."},
}

func render(name string, data map[string]string) (string, string, error) {
	t, ok := templates[name]
	if !ok {
		return "", "", fmt.Errorf("unknown notice template %q", name)
	}
	tpl, err := template.New(name).Option("missingkey=zero").Parse(t.body)
	if err != nil {
		return "", "", err
	}
	var buf bytes.Buffer
	if err := tpl.Execute(&buf, data); err != nil {
		return "", "", err
	}
	return t.subject, buf.String(), nil
}
