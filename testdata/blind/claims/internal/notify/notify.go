// Package notify sends claim notifications: e-mail through SES and webhooks
// to broker portals. It also processes SES bounce/complaint feedback.
package notify

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/harborline/claims/internal/events"
	"github.com/harborline/claims/internal/providers/brokerhook"
	"github.com/harborline/claims/internal/providers/sesmail"
)

// Notification is a record of a sent message.
type Notification struct {
	ID                string
	ClaimID           uuid.UUID
	Channel           string
	Template          string
	Recipient         string
	ProviderMessageID string
}

// Recipients resolves people and endpoints for a claim.
type Recipients interface {
	Adjuster(ctx context.Context, id uuid.UUID) (name, email string, err error)
	ClaimSummary(ctx context.Context, claimID uuid.UUID) (number, brokerURL string, err error)
}

// Repository stores notification records and SES feedback.
type Repository interface {
	Exists(ctx context.Context, id string) (bool, error)
	Insert(ctx context.Context, n Notification) error
	RecordBrokerDelivery(ctx context.Context, claimID uuid.UUID, url string, status int) error
	Suppress(ctx context.Context, email, reason string) error
	LogFeedback(ctx context.Context, id, email, kind string, raw []byte) error
}

// Mailer sends e-mail.
type Mailer interface {
	Send(ctx context.Context, e sesmail.Email) (string, error)
}

// BrokerHooks delivers broker webhooks.
type BrokerHooks interface {
	Deliver(ctx context.Context, url, eventType string, payload any) (brokerhook.Delivery, error)
}

// TxManager is the unit of work.
type TxManager interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

// Service sends notifications.
type Service struct {
	tx     TxManager
	repo   Repository
	people Recipients
	mailer Mailer
	hooks  BrokerHooks
}

// NewService builds a Service.
func NewService(tx TxManager, repo Repository, people Recipients, mailer Mailer, hooks BrokerHooks) *Service {
	return &Service{tx: tx, repo: repo, people: people, mailer: mailer, hooks: hooks}
}

// NotifyAdjusterAssigned e-mails the adjuster about a new assignment.
func (s *Service) NotifyAdjusterAssigned(ctx context.Context, evt events.AdjusterAssigned) error {
	id := fmt.Sprintf("assign:%s:%s", evt.ClaimID, evt.AdjusterID)
	sent, err := s.repo.Exists(ctx, id)
	if err != nil {
		return err
	}
	if sent {
		return nil
	}
	name, email, err := s.people.Adjuster(ctx, evt.AdjusterID)
	if err != nil {
		return err
	}
	number, _, err := s.people.ClaimSummary(ctx, evt.ClaimID)
	if err != nil {
		return err
	}
	msgID, err := s.mailer.Send(ctx, sesmail.Email{
		To:       email,
		Subject:  "New claim assignment " + number,
		HTMLBody: fmt.Sprintf("<p>Hi %s,</p><p>You are the %s adjuster on claim <b>%s</b>.</p>", name, evt.Role, number),
		TextBody: fmt.Sprintf("Hi %s, you are the %s adjuster on claim %s.", name, evt.Role, number),
		Tags:     map[string]string{"template": "adjuster_assigned"},
	})
	if err != nil {
		return err
	}
	return s.repo.Insert(ctx, Notification{
		ID:                id,
		ClaimID:           evt.ClaimID,
		Channel:           "email",
		Template:          "adjuster_assigned",
		Recipient:         email,
		ProviderMessageID: msgID,
	})
}

// NotifyBrokerClosed tells the claim's broker portal that the claim closed.
func (s *Service) NotifyBrokerClosed(ctx context.Context, evt events.ClaimClosed) error {
	number, url, err := s.people.ClaimSummary(ctx, evt.ClaimID)
	if err != nil {
		return err
	}
	if url == "" {
		return nil
	}
	d, err := s.hooks.Deliver(ctx, url, "claim.closed", map[string]any{
		"claim_id":     evt.ClaimID,
		"claim_number": number,
		"reason":       evt.Reason,
		"closed_at":    evt.ClosedAt,
	})
	if err != nil {
		return err
	}
	return s.repo.RecordBrokerDelivery(ctx, evt.ClaimID, url, d.StatusCode)
}

// SESFeedback is an SES bounce or complaint notification (SNS -> SQS).
type SESFeedback struct {
	NotificationType string `json:"notificationType"`
	Bounce           *struct {
		BounceType        string `json:"bounceType"`
		BouncedRecipients []struct {
			EmailAddress string `json:"emailAddress"`
		} `json:"bouncedRecipients"`
	} `json:"bounce"`
	Complaint *struct {
		ComplainedRecipients []struct {
			EmailAddress string `json:"emailAddress"`
		} `json:"complainedRecipients"`
	} `json:"complaint"`
}

// RecordSESFeedback suppresses bounced or complaining addresses and keeps
// the raw notification for audit.
func (s *Service) RecordSESFeedback(ctx context.Context, raw []byte) error {
	var fb SESFeedback
	if err := json.Unmarshal(raw, &fb); err != nil {
		return fmt.Errorf("decode ses feedback: %w", err)
	}
	var emails []string
	reason := strings.ToLower(fb.NotificationType)
	switch {
	case fb.Bounce != nil:
		if fb.Bounce.BounceType != "Permanent" {
			return nil
		}
		for _, r := range fb.Bounce.BouncedRecipients {
			emails = append(emails, r.EmailAddress)
		}
	case fb.Complaint != nil:
		for _, r := range fb.Complaint.ComplainedRecipients {
			emails = append(emails, r.EmailAddress)
		}
	}
	return s.tx.Do(ctx, func(ctx context.Context) error {
		for _, e := range emails {
			e = strings.ToLower(strings.TrimSpace(e))
			if err := s.repo.Suppress(ctx, e, reason); err != nil {
				return err
			}
			if err := s.repo.LogFeedback(ctx, xid.New().String(), e, reason, raw); err != nil {
				return err
			}
		}
		return nil
	})
}
