package service

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
	"github.com/polyglotdesk/marketplace/internal/providers/courier"
	"github.com/polyglotdesk/marketplace/internal/store"
	"github.com/polyglotdesk/marketplace/internal/tasks"
)

// DisputeInput describes a client's complaint about a delivery.
type DisputeInput struct {
	Reason string `json:"reason"`
	Detail string `json:"detail"`
}

// MessageInput is a message posted to a job thread.
type MessageInput struct {
	ClientMsgID string `json:"client_msg_id"`
	Body        string `json:"body"`
}

// CopiesInput orders sworn paper copies.
type CopiesInput struct {
	Copies  int             `json:"copies"`
	Address courier.Address `json:"address"`
}

// EngagementService covers the conversation around a job: messages,
// disputes and certified paper copies.
type EngagementService interface {
	PostMessage(ctx context.Context, senderID uuid.UUID, jobID string, in MessageInput) (*domain.Message, error)
	OpenDispute(ctx context.Context, clientID uuid.UUID, jobID string, in DisputeInput) (*domain.Dispute, error)
	OrderCopies(ctx context.Context, clientID uuid.UUID, jobID string, in CopiesInput) (*domain.Shipment, error)
	RemindClients(ctx context.Context, now time.Time) (int, error)
	ExpireQuotes(ctx context.Context, now time.Time) (int64, error)
}

type engagementService struct {
	db           *gorm.DB
	jobs         *store.Jobs
	quotes       *store.Quotes
	messages     *store.Messages
	disputes     store.Disputes
	shipments    store.Shipments
	accounts     *store.Accounts
	courier      courier.Client
	notify       *Notifications
	supportEmail string
	office       courier.Address
}

// NewEngagementService builds the engagement service.
func NewEngagementService(db *gorm.DB, jobs *store.Jobs, quotes *store.Quotes, messages *store.Messages,
	accounts *store.Accounts, courierClient courier.Client, notify *Notifications,
	supportEmail string, office courier.Address) EngagementService {
	return &engagementService{
		db: db, jobs: jobs, quotes: quotes, messages: messages,
		disputes:  platform.NewRepo[domain.Dispute](db),
		shipments: platform.NewRepo[domain.Shipment](db),
		accounts:  accounts, courier: courierClient, notify: notify,
		supportEmail: supportEmail, office: office,
	}
}

func (s *engagementService) participants(job *domain.Job) []uuid.UUID {
	out := []uuid.UUID{job.ClientID}
	if job.TranslatorID != nil {
		out = append(out, *job.TranslatorID)
	}
	return out
}

func (s *engagementService) PostMessage(ctx context.Context, senderID uuid.UUID, jobID string, in MessageInput) (*domain.Message, error) {
	in.Body = strings.TrimSpace(in.Body)
	if in.ClientMsgID == "" || in.Body == "" || len(in.Body) > 8000 {
		return nil, fmt.Errorf("message: %w", platform.ErrInvalid)
	}
	job, err := s.jobs.Get(ctx, jobID)
	if err != nil {
		return nil, err
	}
	var recipient *uuid.UUID
	member := false
	for _, p := range s.participants(job) {
		if p == senderID {
			member = true
		} else {
			p := p
			recipient = &p
		}
	}
	if !member {
		return nil, platform.ErrNotFound
	}
	msg := domain.Message{
		ID:          "msg_" + platform.NewID(),
		JobID:       job.ID,
		SenderID:    senderID,
		ClientMsgID: in.ClientMsgID,
		Body:        in.Body,
		CreatedAt:   time.Now().UTC(),
	}
	created, err := s.messages.CreateIgnore(ctx, &msg, "job_id", "sender_id", "client_msg_id")
	if err != nil {
		return nil, err
	}
	if !created {
		existing, err := s.messages.FindOne(ctx, "job_id = ? AND sender_id = ? AND client_msg_id = ?",
			job.ID, senderID, in.ClientMsgID)
		if err != nil {
			return nil, err
		}
		msg = *existing
	}
	if recipient == nil {
		return &msg, nil
	}
	to, err := s.emailOf(ctx, job, *recipient)
	if err != nil {
		return nil, err
	}
	err = s.notify.Email(ctx, tasks.NotifyEmail{
		Key:      "message:" + msg.ID,
		To:       to,
		Template: "new_message",
		Data:     map[string]string{"job_title": job.Title, "preview": preview(msg.Body, 140)},
	})
	return &msg, err
}

func (s *engagementService) emailOf(ctx context.Context, job *domain.Job, id uuid.UUID) (string, error) {
	if id == job.ClientID {
		c, err := s.accounts.Client(ctx, id)
		if err != nil {
			return "", err
		}
		return c.Email, nil
	}
	t, err := s.accounts.Translator(ctx, id)
	if err != nil {
		return "", err
	}
	return t.Email, nil
}

func preview(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

func (s *engagementService) OpenDispute(ctx context.Context, clientID uuid.UUID, jobID string, in DisputeInput) (*domain.Dispute, error) {
	if strings.TrimSpace(in.Reason) == "" {
		return nil, fmt.Errorf("reason: %w", platform.ErrInvalid)
	}
	job, err := s.jobs.Get(ctx, jobID)
	if err != nil {
		return nil, err
	}
	if job.ClientID != clientID {
		return nil, platform.ErrNotFound
	}
	d := domain.Dispute{
		ID:        platform.NewUUID(),
		JobID:     job.ID,
		OpenedBy:  clientID,
		Reason:    in.Reason,
		Detail:    in.Detail,
		Status:    "open",
		CreatedAt: time.Now().UTC(),
	}
	err = platform.InTx(ctx, s.db, func(ctx context.Context) error {
		n, err := s.jobs.Transition(ctx, job.ID,
			[]string{domain.JobInReview, domain.JobApproved, domain.JobDisputed}, domain.JobDisputed, nil)
		if err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("job is %s: %w", job.Status, platform.ErrConflict)
		}
		return s.disputes.Create(ctx, &d)
	})
	if err != nil {
		return nil, err
	}
	err = s.notify.Email(ctx, tasks.NotifyEmail{
		Key:      "dispute-opened:" + d.ID.String(),
		To:       s.supportEmail,
		Template: "dispute_opened",
		Data:     map[string]string{"job_id": job.ID, "dispute_id": d.ID.String(), "reason": d.Reason},
	})
	return &d, err
}

func (s *engagementService) OrderCopies(ctx context.Context, clientID uuid.UUID, jobID string, in CopiesInput) (*domain.Shipment, error) {
	if in.Copies < 1 || in.Copies > 10 || in.Address.Line1 == "" || in.Address.Country == "" {
		return nil, fmt.Errorf("copies: %w", platform.ErrInvalid)
	}
	job, err := s.jobs.Get(ctx, jobID)
	if err != nil {
		return nil, err
	}
	if job.ClientID != clientID {
		return nil, platform.ErrNotFound
	}
	if !job.Certified || job.Status != domain.JobApproved {
		return nil, fmt.Errorf("copies need an approved certified job: %w", platform.ErrConflict)
	}
	if existing, err := s.shipments.FindOne(ctx, "job_id = ?", job.ID); err == nil {
		return existing, nil
	} else if !errors.Is(err, platform.ErrNotFound) {
		return nil, err
	}

	booking, err := s.courier.Book(ctx, courier.BookingRequest{
		Pickup:      s.office,
		Dropoff:     in.Address,
		Parcels:     1,
		Service:     "tracked_signature",
		ReadyAt:     time.Now().UTC().Add(24 * time.Hour),
		Description: fmt.Sprintf("%d sworn translation copies, job %s", in.Copies, job.ID),
	})
	if err != nil {
		return nil, err
	}
	sh := domain.Shipment{
		ID:          "shp_" + platform.NewID(),
		JobID:       job.ID,
		Carrier:     booking.Carrier,
		BookingRef:  booking.Ref,
		TrackingURL: booking.TrackingURL,
		Copies:      in.Copies,
		Address:     fmt.Sprintf("%s, %s %s, %s", in.Address.Line1, in.Address.Postal, in.Address.City, in.Address.Country),
		CreatedAt:   time.Now().UTC(),
	}
	if err := s.shipments.Create(ctx, &sh); err != nil {
		return nil, err
	}
	return &sh, nil
}

func (s *engagementService) RemindClients(ctx context.Context, now time.Time) (int, error) {
	due, err := s.quotes.DueForReminder(ctx, now, 24*time.Hour, 500)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, q := range due {
		job, err := s.jobs.Get(ctx, q.JobID)
		if err != nil {
			return sent, err
		}
		if job.Status != domain.JobOpen {
			continue
		}
		client, err := s.accounts.Client(ctx, job.ClientID)
		if err != nil {
			return sent, err
		}
		if err := s.notify.Email(ctx, tasks.NotifyEmail{
			To:       client.Email,
			Template: "quote_waiting",
			Data: map[string]string{
				"job_title":  job.Title,
				"amount":     fmt.Sprintf("%.2f %s", float64(q.AmountCents)/100, q.Currency),
				"expires_at": q.ExpiresAt.Format(time.RFC1123),
			},
		}, tasks.Fresh()); err != nil {
			return sent, err
		}
		if _, err := s.quotes.Update(ctx, map[string]any{"reminded_at": now}, "id = ?", q.ID); err != nil {
			return sent, err
		}
		sent++
	}
	return sent, nil
}

func (s *engagementService) ExpireQuotes(ctx context.Context, now time.Time) (int64, error) {
	return s.quotes.ExpireStale(ctx, now)
}
