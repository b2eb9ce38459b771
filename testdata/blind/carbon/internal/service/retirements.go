package service

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/events"
	"github.com/terravault/carbonreg/internal/ledger"
	"github.com/terravault/carbonreg/internal/mailer"
	"github.com/terravault/carbonreg/internal/repo"
	"github.com/terravault/carbonreg/internal/tasks"
)

// RetireRequest is the input of RetirementService.Retire.
type RetireRequest struct {
	AccountID     uuid.UUID
	BatchID       uuid.UUID
	Quantity      int64
	Beneficiary   string
	Purpose       string
	ReportingYear int
}

// RetirementService retires credits and follows them through the registry.
type RetirementService interface {
	Retire(ctx context.Context, in RetireRequest) (*domain.Retirement, error)
	Confirm(ctx context.Context, ev events.RetirementConfirmed) error
	Reject(ctx context.Context, ev events.RetirementRejected) error
}

type retirementService struct {
	retirements repo.Retirements
	accounts    repo.Accounts
	endpoints   repo.WebhookEndpoints
	ledger      *ledger.Ledger
	mail        mailer.Sender
	enqueuer    tasks.Enqueuer
	publicURL   string
	log         *slog.Logger
}

// NewRetirementService returns the RetirementService.
func NewRetirementService(r repo.Retirements, a repo.Accounts, e repo.WebhookEndpoints, l *ledger.Ledger,
	m mailer.Sender, q tasks.Enqueuer, publicURL string, log *slog.Logger) RetirementService {
	return &retirementService{retirements: r, accounts: a, endpoints: e, ledger: l, mail: m, enqueuer: q, publicURL: publicURL, log: log}
}

// Retire removes credits from the account and queues the registry
// submission.
func (s *retirementService) Retire(ctx context.Context, in RetireRequest) (*domain.Retirement, error) {
	in.Beneficiary = strings.TrimSpace(in.Beneficiary)
	if in.Quantity <= 0 || in.Beneficiary == "" {
		return nil, fail(ErrInvalid, "quantity and beneficiary are required")
	}
	if in.ReportingYear == 0 {
		in.ReportingYear = time.Now().Year()
	}
	r := domain.NewRetirement(in.AccountID, in.BatchID, in.Quantity, in.Beneficiary, in.Purpose, in.ReportingYear)
	err := db.Transaction(ctx, func(ctx context.Context) error {
		if err := s.retirements.Create(ctx, r); err != nil {
			return err
		}
		return s.ledger.Retire(ctx, "retire:"+r.ID.String(), r.AccountID, r.BatchID, r.Quantity)
	})
	if err != nil {
		return nil, err
	}
	if err := s.enqueuer.Enqueue(ctx, tasks.NotifyRetirement(r.ID)); err != nil {
		// The retirement is booked; the reconciler re-queues submissions
		// that are still pending after an hour.
		s.log.ErrorContext(ctx, "registry submission not queued", "retirement", r.ID, "err", err)
	}
	return r, nil
}

// Confirm records the registry's confirmation, tells the beneficiary's
// account holder and queues the certificate.
func (s *retirementService) Confirm(ctx context.Context, ev events.RetirementConfirmed) error {
	r, err := s.retirements.Get(ctx, ev.RetirementID)
	if err != nil {
		return notFound(err, "retirement")
	}
	if r.Status == domain.RetirementConfirmed {
		return s.enqueuer.Enqueue(ctx, tasks.RenderCertificate(r.ID))
	}
	acct, err := s.accounts.Get(ctx, r.AccountID)
	if err != nil {
		return err
	}
	if acct.Email != nil {
		msg := mailer.Message{
			To:      *acct.Email,
			Subject: fmt.Sprintf("%d credits retired on behalf of %s", r.Quantity, r.Beneficiary),
			HTML:    confirmationEmail(r, ev, s.publicURL),
			Tags:    []string{"retirement-confirmed"},
		}
		if err := s.mail.Send(ctx, msg); err != nil {
			return err
		}
	}
	if _, err := s.retirements.Transition(ctx, r.ID,
		[]string{domain.RetirementPending, domain.RetirementSubmitted}, domain.RetirementConfirmed,
		map[string]any{"registry_ref": ev.RegistryRef}); err != nil {
		return err
	}
	return s.enqueuer.Enqueue(ctx, tasks.RenderCertificate(r.ID))
}

func confirmationEmail(r *domain.Retirement, ev events.RetirementConfirmed, base string) string {
	return fmt.Sprintf(`<p>The registry has recorded the retirement of <b>%d</b> credits (serials %d&ndash;%d) on behalf of %s.</p>
<p>Registry reference: %s</p><p><a href="%s/retirements/%s">View retirement</a>. Your certificate will follow shortly.</p>`,
		r.Quantity, ev.SerialStart, ev.SerialEnd, html.EscapeString(r.Beneficiary),
		html.EscapeString(ev.RegistryRef), base, r.ID)
}

// Reject returns the credits of a retirement the registry refused and tells
// the account's webhook endpoints.
func (s *retirementService) Reject(ctx context.Context, ev events.RetirementRejected) error {
	err := db.Transaction(ctx, func(ctx context.Context) error {
		moved, err := s.retirements.Transition(ctx, ev.RetirementID,
			[]string{domain.RetirementPending, domain.RetirementSubmitted}, domain.RetirementRejected,
			map[string]any{"rejection_reason": ev.Reason})
		if err != nil || !moved {
			return err
		}
		r, err := s.retirements.Get(ctx, ev.RetirementID)
		if err != nil {
			return err
		}
		return s.ledger.Unretire(ctx, "unretire:"+r.ID.String(), r.AccountID, r.BatchID, r.Quantity)
	})
	if err != nil {
		return err
	}
	r, err := s.retirements.Get(ctx, ev.RetirementID)
	if err != nil {
		return notFound(err, "retirement")
	}
	if r.Status != domain.RetirementRejected {
		return nil
	}
	eps, err := s.endpoints.ActiveFor(ctx, r.AccountID)
	if err != nil {
		return err
	}
	data, _ := json.Marshal(map[string]any{"retirement_id": r.ID, "reason": ev.Reason, "quantity": r.Quantity})
	for _, ep := range eps {
		taskID := "wh:retirement.rejected:" + r.ID.String() + ":" + ep.ID.String()
		t := tasks.DeliverWebhook(taskID, tasks.WebhookPayload{EndpointID: ep.ID, EventType: "retirement.rejected", Data: data})
		if err := s.enqueuer.Enqueue(ctx, t); err != nil {
			return err
		}
	}
	return nil
}
