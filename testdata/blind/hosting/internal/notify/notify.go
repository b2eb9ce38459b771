// Package notify renders and sends customer email.
package notify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/nimbusrack/hosting/internal/platform/ids"
	"github.com/nimbusrack/hosting/internal/providers/mailer"
)

// Sent is a delivered notification.
type Sent struct {
	MessageID   string    `gorm:"primaryKey"`
	CustomerID  uuid.UUID `gorm:"type:uuid"`
	Template    string
	Recipient   string
	ProviderRef *string
	SentAt      time.Time
}

// TableName implements gorm's tabler.
func (Sent) TableName() string { return "notifications" }

// Mailer sends a message through the email provider.
type Mailer interface {
	Send(ctx context.Context, msg mailer.Message) (*mailer.SendResult, error)
}

// Email is a templated message to a customer.
type Email struct {
	MessageID  string
	CustomerID uuid.UUID
	To         string
	Template   string
	Data       any
}

// Notifier renders templates and sends them.
type Notifier struct {
	db     *gorm.DB
	mailer Mailer
	tmpl   map[string]*template.Template
	subj   map[string]string
}

// NewNotifier wires a Notifier with the built-in templates.
func NewNotifier(db *gorm.DB, m Mailer) *Notifier {
	n := &Notifier{db: db, mailer: m, tmpl: map[string]*template.Template{}, subj: map[string]string{}}
	for name, t := range builtin {
		n.tmpl[name] = template.Must(template.New(name).Parse(t.body))
		n.subj[name] = t.subject
	}
	return n
}

// NewMessageID returns a fresh message id for sends that have no natural one.
func NewMessageID(kind string) string { return kind + "-" + ids.XID() }

// ErrUnknownTemplate is returned for unregistered templates.
var ErrUnknownTemplate = errors.New("notify: unknown template")

// Send delivers e unless a message with the same id was already sent.
func (n *Notifier) Send(ctx context.Context, e Email) error {
	t, ok := n.tmpl[e.Template]
	if !ok {
		return fmt.Errorf("%w: %s", ErrUnknownTemplate, e.Template)
	}
	var prior int64
	if err := n.db.WithContext(ctx).Model(&Sent{}).Where("message_id = ?", e.MessageID).Count(&prior).Error; err != nil {
		return err
	}
	if prior > 0 {
		return nil
	}

	var body bytes.Buffer
	if err := t.Execute(&body, e.Data); err != nil {
		return fmt.Errorf("render %s: %w", e.Template, err)
	}
	res, err := n.mailer.Send(ctx, mailer.Message{
		MessageID: e.MessageID,
		To:        []string{e.To},
		Subject:   n.subj[e.Template],
		HTML:      body.String(),
		Tags:      []string{e.Template},
	})
	if err != nil {
		return err
	}
	return n.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&Sent{
		MessageID:   e.MessageID,
		CustomerID:  e.CustomerID,
		Template:    e.Template,
		Recipient:   e.To,
		ProviderRef: &res.ProviderID,
		SentAt:      time.Now().UTC(),
	}).Error
}
