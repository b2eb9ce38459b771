package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
	"github.com/polyglotdesk/marketplace/internal/providers/escrowpay"
	"github.com/polyglotdesk/marketplace/internal/store"
	"github.com/polyglotdesk/marketplace/internal/tasks"
)

// QuoteInput is a translator's offer.
type QuoteInput struct {
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	Days        int    `json:"days"`
	Note        string `json:"note"`
}

// QuoteService handles quotes on jobs.
type QuoteService interface {
	Submit(ctx context.Context, translatorID uuid.UUID, jobID string, in QuoteInput) (*domain.Quote, bool, error)
	Accept(ctx context.Context, clientID uuid.UUID, quoteID string) (*domain.EscrowPayment, error)
	Decline(ctx context.Context, clientID uuid.UUID, quoteID, reason string) error
}

type quoteService struct {
	db       *gorm.DB
	jobs     *store.Jobs
	quotes   *store.Quotes
	payments *store.Payments
	accounts *store.Accounts
	psp      escrowpay.Client
	notify   *Notifications
	validity time.Duration
}

// NewQuoteService builds the quote service.
func NewQuoteService(db *gorm.DB, jobs *store.Jobs, quotes *store.Quotes, payments *store.Payments,
	accounts *store.Accounts, psp escrowpay.Client, notify *Notifications) QuoteService {
	return &quoteService{
		db: db, jobs: jobs, quotes: quotes, payments: payments, accounts: accounts,
		psp: psp, notify: notify, validity: 72 * time.Hour,
	}
}

func (s *quoteService) Submit(ctx context.Context, translatorID uuid.UUID, jobID string, in QuoteInput) (*domain.Quote, bool, error) {
	if in.AmountCents <= 0 || in.Days <= 0 {
		return nil, false, fmt.Errorf("amount and days must be positive: %w", platform.ErrInvalid)
	}
	job, err := s.jobs.Get(ctx, jobID)
	if err != nil {
		return nil, false, err
	}
	if job.Status != domain.JobOpen {
		return nil, false, fmt.Errorf("job is %s: %w", job.Status, platform.ErrConflict)
	}
	if in.Currency == "" {
		in.Currency = job.Currency
	}
	now := time.Now().UTC()
	q := domain.Quote{
		ID:           "qt_" + platform.NewID(),
		JobID:        job.ID,
		TranslatorID: translatorID,
		AmountCents:  in.AmountCents,
		Currency:     in.Currency,
		Days:         in.Days,
		Note:         in.Note,
		Status:       domain.QuoteSubmitted,
		ExpiresAt:    now.Add(s.validity),
		CreatedAt:    now,
	}
	created, err := s.quotes.CreateIgnore(ctx, &q, "job_id", "translator_id")
	if err != nil {
		return nil, false, err
	}
	if !created {
		existing, err := s.quotes.ForJobAndTranslator(ctx, job.ID, translatorID)
		return existing, false, err
	}
	return &q, true, nil
}

func (s *quoteService) Accept(ctx context.Context, clientID uuid.UUID, quoteID string) (*domain.EscrowPayment, error) {
	client, err := s.accounts.Client(ctx, clientID)
	if err != nil {
		return nil, err
	}

	tx := s.db.WithContext(ctx).Begin()
	if tx.Error != nil {
		return nil, tx.Error
	}
	defer tx.Rollback()

	var quote domain.Quote
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&quote, "id = ?", quoteID).Error; err != nil {
		return nil, platform.NotFound(err)
	}
	var job domain.Job
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&job, "id = ?", quote.JobID).Error; err != nil {
		return nil, platform.NotFound(err)
	}
	if job.ClientID != clientID {
		return nil, platform.ErrNotFound
	}

	var payment domain.EscrowPayment
	switch quote.Status {
	case domain.QuoteAccepted:
		if err := tx.First(&payment, "quote_id = ?", quote.ID).Error; err != nil {
			return nil, err
		}
	case domain.QuoteSubmitted:
		if job.Status != domain.JobOpen {
			return nil, fmt.Errorf("job is %s: %w", job.Status, platform.ErrConflict)
		}
		if quote.ExpiresAt.Before(time.Now()) {
			return nil, fmt.Errorf("quote expired: %w", platform.ErrConflict)
		}
		now := time.Now().UTC()
		if err := tx.Model(&quote).Update("status", domain.QuoteAccepted).Error; err != nil {
			return nil, err
		}
		txCtx := platform.WithTx(ctx, tx)
		if err := s.quotes.RejectOthers(txCtx, job.ID, quote.ID); err != nil {
			return nil, err
		}
		if err := tx.Model(&job).Updates(map[string]any{
			"status": domain.JobAssigned, "accepted_quote_id": quote.ID,
			"translator_id": quote.TranslatorID, "updated_at": now,
		}).Error; err != nil {
			return nil, err
		}
		payment = domain.EscrowPayment{
			ID:           platform.NewUUID(),
			JobID:        job.ID,
			QuoteID:      quote.ID,
			ClientID:     clientID,
			AmountCents:  quote.AmountCents,
			Currency:     quote.Currency,
			Status:       domain.PaymentPending,
			OperationKey: platform.StableOperationID("escrow-authorize", quote.ID),
			CreatedAt:    now,
			UpdatedAt:    now,
		}
		if err := tx.Create(&payment).Error; err != nil {
			return nil, err
		}
		if err := s.jobs.AddEvent(txCtx, job.ID, "quote_accepted", clientID.String(), quote.ID); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("quote is %s: %w", quote.Status, platform.ErrConflict)
	}
	if err := tx.Commit().Error; err != nil {
		return nil, err
	}

	if payment.Status != domain.PaymentPending {
		return &payment, nil
	}
	intent, err := s.psp.CreateIntent(ctx, escrowpay.CreateIntentRequest{
		Amount:        payment.AmountCents,
		Currency:      payment.Currency,
		Customer:      client.ID.String(),
		PaymentMethod: client.PaymentMethodRef,
		Description:   "Escrow for " + job.Title,
		Metadata:      map[string]string{"job_id": job.ID, "quote_id": quote.ID},
	}, escrowpay.WithIdempotencyKey(payment.OperationKey))
	if err != nil {
		return nil, err
	}
	status := domain.PaymentAuthorized
	if intent.Status == "requires_action" || intent.Status == "failed" {
		status = domain.PaymentFailed
	}
	if _, err := s.payments.Update(ctx, map[string]any{
		"status": status, "provider_intent_id": intent.ID, "updated_at": time.Now().UTC(),
	}, "id = ? AND status = ?", payment.ID, domain.PaymentPending); err != nil {
		return nil, err
	}
	payment.Status = status
	payment.ProviderIntentID = intent.ID
	return &payment, nil
}

func (s *quoteService) Decline(ctx context.Context, clientID uuid.UUID, quoteID, reason string) error {
	quote, err := s.quotes.Get(ctx, quoteID)
	if err != nil {
		return err
	}
	job, err := s.jobs.Get(ctx, quote.JobID)
	if err != nil {
		return err
	}
	if job.ClientID != clientID {
		return platform.ErrNotFound
	}
	n, err := s.quotes.Update(ctx, map[string]any{"status": domain.QuoteDeclined},
		"id = ? AND status IN ?", quote.ID, []string{domain.QuoteSubmitted, domain.QuoteDeclined})
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("quote is %s: %w", quote.Status, platform.ErrConflict)
	}
	translator, err := s.accounts.Translator(ctx, quote.TranslatorID)
	if err != nil {
		if errors.Is(err, platform.ErrNotFound) {
			return nil
		}
		return err
	}
	return s.notify.Email(ctx, tasks.NotifyEmail{
		Key:      platform.NewOperationID(),
		To:       translator.Email,
		Template: "quote_declined",
		Data: map[string]string{
			"job_title": job.Title,
			"reason":    reason,
		},
	})
}
