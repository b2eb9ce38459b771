// Package quotes handles technicians' quotes and the customer accepting one.
package quotes

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/wire"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/ids"
	"github.com/tradeloop/homeservices/internal/provider/stripepay"
	"github.com/tradeloop/homeservices/internal/store"
)

// ProviderSet provides the quotes Service.
var ProviderSet = wire.NewSet(NewService)

// Service implements quoting.
type Service struct {
	uow      store.UnitOfWork
	repos    *store.Repos
	payments stripepay.Gateway
	now      func() time.Time
}

// NewService builds a Service.
func NewService(uow store.UnitOfWork, repos *store.Repos, payments stripepay.Gateway) *Service {
	return &Service{uow: uow, repos: repos, payments: payments, now: time.Now}
}

// SubmitInput is a technician's quote.
type SubmitInput struct {
	JobID        string
	TechnicianID string
	AmountCents  int64
	DepositCents int64
	Note         string
}

// Submit records a quote. A technician has at most one quote per job; a
// repeated submission returns the existing quote.
func (s *Service) Submit(ctx context.Context, in SubmitInput) (*domain.Quote, bool, error) {
	if in.AmountCents <= 0 || in.DepositCents < 0 || in.DepositCents > in.AmountCents {
		return nil, false, domain.Invalidf("amount and deposit are inconsistent")
	}
	var (
		quote   *domain.Quote
		created bool
	)
	err := s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		job, err := tx.Jobs.Get(ctx, in.JobID)
		if err != nil {
			return err
		}
		if job.Status != domain.JobOpen && job.Status != domain.JobQuoted {
			return domain.Conflictf("job %s is no longer taking quotes", in.JobID)
		}
		tech, err := tx.Technicians.Get(ctx, in.TechnicianID)
		if err != nil {
			return err
		}
		if tech.Trade != job.Trade {
			return domain.Invalidf("technician trade %s does not match job trade %s", tech.Trade, job.Trade)
		}
		created, err = tx.Quotes.InsertIgnore(ctx, &domain.Quote{
			ID:           ids.New(),
			JobID:        in.JobID,
			TechnicianID: in.TechnicianID,
			AmountCents:  in.AmountCents,
			DepositCents: in.DepositCents,
			Currency:     "usd",
			Note:         strings.TrimSpace(in.Note),
			Status:       domain.QuotePending,
			CreatedAt:    s.now(),
		})
		if err != nil {
			return err
		}
		if created && job.Status == domain.JobOpen {
			if _, err := tx.Jobs.SetStatus(ctx, job.ID, []domain.JobStatus{domain.JobOpen}, domain.JobQuoted); err != nil {
				return err
			}
		}
		quote, err = tx.Quotes.ByJobAndTechnician(ctx, in.JobID, in.TechnicianID)
		return err
	})
	return quote, created, err
}

// AcceptResult is the accepted quote and its deposit hold.
type AcceptResult struct {
	Quote *domain.Quote       `json:"quote"`
	Hold  *domain.PaymentHold `json:"hold"`
}

// Accept books the job with the quote's technician and authorises the
// deposit on the customer's saved card.
func (s *Service) Accept(ctx context.Context, quoteID, customerID string) (*AcceptResult, error) {
	var (
		quote    *domain.Quote
		hold     *domain.PaymentHold
		customer *domain.Customer
		job      *domain.Job
	)
	now := s.now()
	err := s.uow.Do(ctx, func(ctx context.Context, tx *store.Repos) error {
		q, err := tx.Quotes.GetForUpdate(ctx, quoteID)
		if err != nil {
			return err
		}
		j, err := tx.Jobs.GetForUpdate(ctx, q.JobID)
		if err != nil {
			return err
		}
		if j.CustomerID != customerID {
			return domain.ErrForbidden
		}
		if j.AcceptedQuoteID != nil && *j.AcceptedQuoteID != q.ID {
			return domain.Conflictf("job %s already accepted another quote", j.ID)
		}
		if j.AcceptedQuoteID == nil {
			if q.Status != domain.QuotePending {
				return domain.Conflictf("quote %s is %s", q.ID, q.Status)
			}
			if err := tx.Quotes.SetStatus(ctx, q.ID, domain.QuoteAccepted); err != nil {
				return err
			}
			if err := tx.Quotes.DeclineOthers(ctx, j.ID, q.ID); err != nil {
				return err
			}
			if err := tx.Jobs.SetAcceptedQuote(ctx, j.ID, q.ID); err != nil {
				return err
			}
			q.Status = domain.QuoteAccepted
		}
		if _, err := tx.Holds.InsertIgnore(ctx, &domain.PaymentHold{
			ID:          domain.HoldIDForQuote(q.ID),
			JobID:       j.ID,
			QuoteID:     q.ID,
			AmountCents: q.DepositCents,
			Currency:    q.Currency,
			Status:      domain.HoldPending,
			CreatedAt:   now,
			UpdatedAt:   now,
		}); err != nil {
			return err
		}
		if hold, err = tx.Holds.Get(ctx, domain.HoldIDForQuote(q.ID)); err != nil {
			return err
		}
		if customer, err = tx.Customers.Get(ctx, customerID); err != nil {
			return err
		}
		quote, job = q, j
		return nil
	})
	if err != nil {
		return nil, err
	}

	if hold.Status == domain.HoldPending && hold.AmountCents > 0 {
		if customer.StripeCustomerID == nil || customer.DefaultPaymentMethod == nil {
			return nil, domain.Invalidf("customer %s has no saved card", customerID)
		}
		auth, err := s.payments.AuthorizeDeposit(ctx, stripepay.HoldRequest{
			StripeCustomerID: *customer.StripeCustomerID,
			PaymentMethodID:  *customer.DefaultPaymentMethod,
			AmountCents:      hold.AmountCents,
			Currency:         hold.Currency,
			Description:      "Deposit: " + job.Title,
			JobID:            job.ID,
			QuoteID:          quote.ID,
			IdempotencyKey:   hold.ID,
		})
		if err != nil {
			return nil, fmt.Errorf("quotes: authorize deposit: %w", err)
		}
		if err := s.repos.Holds.MarkAuthorized(ctx, hold.ID, auth.PaymentIntentID, auth.ExpiresAt); err != nil {
			return nil, err
		}
		if hold, err = s.repos.Holds.Get(ctx, hold.ID); err != nil {
			return nil, err
		}
	}
	return &AcceptResult{Quote: quote, Hold: hold}, nil
}
