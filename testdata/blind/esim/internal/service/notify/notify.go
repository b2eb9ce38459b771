// Package notify renders and delivers traveller notifications over SMS and
// push.
package notify

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/globetrek/esim-platform/internal/model"
	"github.com/globetrek/esim-platform/internal/providers/messaging"
	"github.com/globetrek/esim-platform/internal/store"
)

// Template names.
const (
	TplProfileReady   = "profile_ready"
	TplPlanLive       = "plan_live"
	TplUsageThreshold = "usage_threshold"
	TplTopUpApplied   = "topup_applied"
	TplRefundIssued   = "refund_issued"
)

type template struct {
	Title string
	Body  string
}

var templates = map[string]map[string]template{
	"en": {
		TplProfileReady:   {"Your eSIM is ready", "Scan the QR code in the app to install your {{plan}} eSIM."},
		TplPlanLive:       {"You're connected", "Your {{plan}} plan is live. Enjoy your trip!"},
		TplUsageThreshold: {"Data usage", "You have used {{percent}}% of your data. Top up in the app anytime."},
		TplTopUpApplied:   {"Top-up added", "{{bundle}} has been added to your eSIM."},
		TplRefundIssued:   {"Refund on its way", "We've refunded {{amount}} for your unused plan."},
	},
	"de": {
		TplProfileReady:   {"Deine eSIM ist bereit", "Scanne den QR-Code in der App, um deine {{plan}} eSIM zu installieren."},
		TplPlanLive:       {"Verbunden", "Dein {{plan}} Tarif ist aktiv. Gute Reise!"},
		TplUsageThreshold: {"Datenverbrauch", "Du hast {{percent}}% deines Datenvolumens verbraucht."},
		TplTopUpApplied:   {"Aufladung", "{{bundle}} wurde deiner eSIM hinzugefügt."},
		TplRefundIssued:   {"Erstattung", "Wir haben {{amount}} für deinen ungenutzten Tarif erstattet."},
	},
}

func render(locale, name string, vars map[string]string) (template, error) {
	set, ok := templates[locale]
	if !ok {
		set = templates["en"]
	}
	t, ok := set[name]
	if !ok {
		return template{}, fmt.Errorf("notify: unknown template %q", name)
	}
	for k, v := range vars {
		t.Title = strings.ReplaceAll(t.Title, "{{"+k+"}}", v)
		t.Body = strings.ReplaceAll(t.Body, "{{"+k+"}}", v)
	}
	return t, nil
}

// ErrNoPushToken is returned when the customer has no registered device.
var ErrNoPushToken = errors.New("notify: customer has no push token")

// Service delivers notifications.
type Service struct {
	db   *store.DB
	sms  *messaging.SMS
	push *messaging.Push
	log  *slog.Logger
}

// New returns a notification service.
func New(db *store.DB, sms *messaging.SMS, push *messaging.Push, log *slog.Logger) *Service {
	return &Service{db: db, sms: sms, push: push, log: log}
}

// SMS renders template for the customer and texts it.
func (s *Service) SMS(ctx context.Context, customerID, tpl string, vars map[string]string) error {
	c, err := s.db.Customers.Get(ctx, customerID)
	if err != nil {
		return fmt.Errorf("load customer: %w", err)
	}
	t, err := render(c.Locale, tpl, vars)
	if err != nil {
		return err
	}
	rcpt, err := s.sms.Send(ctx, c.PhoneE164, t.Body)
	if err != nil {
		return fmt.Errorf("send sms: %w", err)
	}
	s.log.InfoContext(ctx, "sms sent", "customer", customerID, "template", tpl, "message_id", rcpt.MessageID)
	return nil
}

// Push renders template for the customer and pushes it to their device.
func (s *Service) Push(ctx context.Context, customerID, messageID, tpl string, vars map[string]string) error {
	c, err := s.db.Customers.Get(ctx, customerID)
	if err != nil {
		return fmt.Errorf("load customer: %w", err)
	}
	if c.PushToken == nil || *c.PushToken == "" {
		return ErrNoPushToken
	}
	t, err := render(c.Locale, tpl, vars)
	if err != nil {
		return err
	}
	return s.push.Send(ctx, messaging.PushMessage{
		MessageID: messageID,
		Token:     *c.PushToken,
		Title:     t.Title,
		Body:      t.Body,
		Data:      map[string]string{"template": tpl},
	})
}

// Once delivers the notification identified by (kind, subjectID) through
// send, recording it first so a repeated call reuses the same notification ID.
func (s *Service) Once(ctx context.Context, kind, subjectID, channel string, send func(ctx context.Context, notificationID string) error) error {
	n := model.Notification{
		ID:        uuid.NewString(),
		Kind:      kind,
		SubjectID: subjectID,
		Channel:   channel,
		Status:    "pending",
		CreatedAt: time.Now().UTC(),
	}
	if _, err := s.db.Notifications.InsertIgnore(ctx, &n); err != nil {
		return err
	}
	cur, err := s.db.Notifications.Find(ctx, "by_subject", kind, subjectID)
	if err != nil {
		return err
	}
	if cur.Status == "sent" {
		return nil
	}
	if err := send(ctx, cur.ID); err != nil {
		return err
	}
	_, err = s.db.Notifications.Exec(ctx, "mark_sent", cur.ID)
	return err
}
